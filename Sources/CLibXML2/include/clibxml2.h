// CLibXML2: the libxml2 calls TextRotor uses, behind a header of plain C types.
//
// Why a C target: libxml2's HTML and XML push parsers are driven from Swift through a SAX handler;
// clibxml2.c sets the handler up in C (where every field and macro is visible), keeps the security
// options in one place, and gives Swift non-variadic entry points.
// Why plain C types here (unsigned char for xmlChar, an opaque clx_parser for libxml2's parser
// context): Debian's libxml2 headers include the system ICU's, and a Swift module that imports
// Foundation sees Foundation's own ICU too; if this header included <libxml/…>, any such module
// that (even indirectly) loads CLibXML2 would hold two definitions of `UErrorCode` and fail to build.
// With no libxml2 type here, DocumentParsing imports CLibXML2 with a plain `internal import`.
#ifndef CLIBXML2_H
#define CLIBXML2_H

#pragma clang assume_nonnull begin

/// A libxml2 parser context (htmlParserCtxt or xmlParserCtxt).
typedef struct clx_parser clx_parser;

/// The callbacks TextRotor's readers implement. `context` is the Swift reader passed as user data.
/// Names and text are UTF-8 (libxml2's xmlChar); `attributes` is NULL or name, value, …, NULL.
typedef struct {
  void (*_Nullable startElement)(void *_Nullable context, const unsigned char *name,
                                 const unsigned char *_Nullable *_Nullable attributes);
  void (*_Nullable endElement)(void *_Nullable context, const unsigned char *name);
  void (*_Nullable characters)(void *_Nullable context, const unsigned char *text, int length);
  void (*_Nullable error)(void *_Nullable context, int level, int line, int column, const char *_Nullable message);
  /// The XML parser's declared entities and what their expansion has cost (owned by clibxml2.c: set
  /// while a parser runs, freed by clx_free_xml; Swift leaves it NULL).
  void *_Nullable entities;
} clx_callbacks;

/// What an XML entity reference that was not expanded refers to (clx_entity_kind).
typedef enum {
  /// Not declared in the document's internal subset.
  clx_entity_undeclared = 0,
  /// An internal entity whose expansion would pass the expansion limit (clx_entity_expansion_limit).
  clx_entity_over_limit = 1,
  /// An external entity (SYSTEM or PUBLIC): never loaded.
  clx_entity_external = 2,
} clx_entity_refusal;

/// Why: creates an HTML push parser (streaming; no DOM is built) with recovery, no network, no
/// external entity, and IGNORE_ENC (the input is decoded to UTF-8 before libxml2 sees it).
/// `callbacks` must outlive the parser.
clx_parser *_Nullable clx_html_push_parser(const clx_callbacks *callbacks, void *_Nullable context,
                                           const char *_Nullable filename, const char *_Nullable encoding);
/// Why: creates an XML push parser that loads no DTD and no external entity, expands the internal
/// entities the document declares within clx_entity_expansion_limit, touches no network, and
/// recovers from errors. `callbacks` must outlive the parser.
clx_parser *_Nullable clx_xml_push_parser(const clx_callbacks *callbacks, void *_Nullable context,
                                          const char *_Nullable filename);
/// Why: libxml2 reports a SAX1 parser's errors through a thread-local handler, which the parser
/// constructors install on the thread that creates the parser; a parser fed on another thread
/// calls this there first, or its errors would go to standard error instead of the reader.
void clx_prepare_thread(void);
/// Why: htmlParseChunk; `terminate` is 1 on the last chunk.
int clx_html_parse_chunk(clx_parser *parser, const char *_Nullable bytes, int size, int terminate);
/// Why: xmlParseChunk; `terminate` is 1 on the last chunk.
int clx_xml_parse_chunk(clx_parser *parser, const char *_Nullable bytes, int size, int terminate);
/// Why: frees an HTML parser and any document libxml2 may have attached.
void clx_free_html(clx_parser *parser);
/// Why: frees an XML parser and any document libxml2 may have attached.
void clx_free_xml(clx_parser *parser);
/// Why: the input bytes consumed so far, for source mapping.
long clx_bytes_consumed(clx_parser *parser);
/// Why: the offset just past a text callback's bytes in the bytes fed to the parser: libxml2's XML
/// fast path calls back before it moves past the text (with a pointer into its input buffer), its
/// other paths after (with a copy), so the parser's position alone is not where the text ends.
long clx_text_end(clx_parser *parser, const unsigned char *text, int length);
/// Why: says why a reference libxml2 reported as "Entity 'name' not defined" was not expanded, while
/// the XML parser that reported it runs (its error callback): declared entities are kept by
/// clibxml2.c, not by libxml2.
clx_entity_refusal clx_entity_kind(const unsigned char *name);
/// Why: the most bytes of entity text an XML parser expands after reading `inputBytes` bytes of
/// input (10 MB plus ten times the input), named once for the diagnostic.
long clx_entity_expansion_limit(long inputBytes);
/// Why: whether libxml2's HTML push parser ended the document before the end of the input (its epilog
/// state stops at the first non-blank character and reports nothing). MarkupFilter keeps it out of
/// that state; this is the safety net that makes any other way in a diagnostic, not a silent loss.
int clx_html_ended_early(clx_parser *parser);
/// Why: whether libxml2 halted the XML push parser (a fatal error it does not recover from even in
/// recover mode); the reader then re-reads the input with clx_xml_recover_parser.
int clx_xml_halted(clx_parser *parser);
/// Why: makes the parser that re-reads a whole XML document the push parser gave up on, with
/// libxml2's pull parser in recover mode (run it with clx_xml_recover_run, free it with clx_free_xml).
/// `bytes` must outlive the parser.
clx_parser *_Nullable clx_xml_recover_parser(const clx_callbacks *callbacks, void *_Nullable context,
                                             const char *bytes, int size);
/// Why: runs the re-read to the end of the input. Returns 0 when the whole input was read, 1 when
/// libxml2 halted anyway (the caller reports it).
int clx_xml_recover_run(clx_parser *parser);

/// What clx_dom_visit_* reports while it walks a libxml2 DOM (used by the "nothing lost" tests as an
/// independent reference for the visible text: libxml2's DOM parsers, not our SAX layer).
typedef struct {
  void (*_Nullable start)(void *_Nullable context, const unsigned char *name);
  void (*_Nullable attribute)(void *_Nullable context, const unsigned char *name, const unsigned char *value);
  void (*_Nullable text)(void *_Nullable context, const unsigned char *text);
  void (*_Nullable end)(void *_Nullable context);
} clx_dom_visitor;
/// Why: parses HTML into a DOM with libxml2's pull parser (recovering, no network) and walks it.
/// `encoding` may be NULL (libxml2 then detects it). Returns -1 when libxml2 built no document.
int clx_dom_visit_html(const char *bytes, int size, const char *_Nullable encoding, const clx_dom_visitor *visitor,
                       void *_Nullable context);
/// Why: parses XML into a DOM (recovering; no network, no DTD, no entity substitution) and walks it.
/// `huge` lifts libxml2's depth and token limits: only for documents that declare no entity.
/// Returns -1 when libxml2 built no document.
int clx_dom_visit_xml(const char *bytes, int size, int huge, const clx_dom_visitor *visitor, void *_Nullable context);

#pragma clang assume_nonnull end
#endif
