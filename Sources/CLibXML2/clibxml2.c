// The libxml2 calls behind include/clibxml2.h: the SAX handler set up in C (where every field and
// macro is visible), the security options in one place, the push parsers, XML recovery, and a DOM
// walk the tests use as an independent reference. See the header for why this target exists.
#include "clibxml2.h"

#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/entities.h>
#include <libxml/hash.h>
#include <stdint.h>
#include <string.h>

_Static_assert(sizeof(xmlChar) == sizeof(unsigned char), "xmlChar is the header's unsigned char");

/// Why: the external entity loader of a TextRotor parse refuses everything, so no document can make
/// the parser open a file or a URL, whatever its options say.
static xmlParserInputPtr clx_refusing_loader(const char *url, const char *id,
                          xmlParserCtxtPtr ctxt) {
  (void)url; (void)id; (void)ctxt;
  return NULL;
}

/// Why: the entities an XML document declares in its internal subset, kept here (a SAX1 parser
/// keeps none), with what expanding them has cost. libxml2 2.9 has no amplification setting
/// (xmlCtxtSetMaxAmplification is 2.11), and its own checks are off in the recovering re-read
/// (XML_PARSE_HUGE), so this is the limit that holds in both: every internal entity handed to
/// libxml2 adds the length of its full expansion (nested references included, worked out once per
/// entity) to `expanded`, and an entity whose expansion would pass the limit is not handed out at
/// all, so an attack expands nothing rather than a prefix. Nested references are charged again at
/// each level (libxml2 asks for them while it expands), which only makes the limit stricter.
typedef struct {
  xmlDocPtr doc;             // holds the declarations (xmlAddDocEntity); never the document read
  xmlHashTablePtr sizes;     // entity name -> full expansion length + 2 (1: being worked out)
  xmlParserCtxtPtr parser;   // the top-level parser, for the input bytes read so far
  long expanded;             // bytes of replacement text handed to libxml2
  xmlEntityPtr declared;     // the entity just declared: libxml2 asks for it once to keep its raw value
  long referenceStart;       // the last reference expanded: where its "&" is in the bytes fed,
  long referenceEnd;         // and where the parser was after it (clx_text_end places its text there)
} clx_entity_table;

/// Longer than any limit: what an expansion that loops or nests too deeply counts as.
#define CLX_ENTITY_UNBOUNDED (1L << 52)

/// The length of `name`'s full expansion (predefined and character references count as written,
/// undeclared and external ones as nothing), memoized; CLX_ENTITY_UNBOUNDED for a loop.
static long clx_expansion_length(clx_entity_table *table, const xmlChar *name, int depth) {
  xmlEntityPtr entity = xmlGetDocEntity(table->doc, name);
  if (entity == NULL || entity->etype != XML_INTERNAL_GENERAL_ENTITY || entity->content == NULL) return 0;
  if (table->sizes == NULL) table->sizes = xmlHashCreate(16);
  if (table->sizes == NULL) return CLX_ENTITY_UNBOUNDED;
  void *known = xmlHashLookup(table->sizes, name);
  if (known != NULL) {
    intptr_t stored = (intptr_t)known;
    return stored == 1 ? CLX_ENTITY_UNBOUNDED : (long)(stored - 2);  // 1: still being worked out, a loop
  }
  if (depth > 40) return CLX_ENTITY_UNBOUNDED;
  xmlHashAddEntry(table->sizes, name, (void *)(intptr_t)1);
  long total = 0;
  const xmlChar *cur = entity->content;
  while (*cur != 0 && total < CLX_ENTITY_UNBOUNDED) {
    if (cur[0] == '&' && cur[1] != '#') {
      const xmlChar *end = cur + 1;
      while (*end != 0 && *end != ';' && end - cur < 1000) end++;
      if (*end == ';' && end > cur + 1) {
        xmlChar *inner = xmlStrndup(cur + 1, (int)(end - cur - 1));
        if (inner != NULL) {
          if (xmlGetPredefinedEntity(inner) != NULL) total += 1;
          else total += clx_expansion_length(table, inner, depth + 1);
          xmlFree(inner);
        }
        cur = end + 1;
        continue;
      }
    }
    total++;
    cur++;
  }
  // Working the length out is work too: it counts against the limit, so declarations that keep
  // emptying the memo (below) cannot make it run without end.
  table->expanded += (long)(cur - entity->content);
  if (total > CLX_ENTITY_UNBOUNDED) total = CLX_ENTITY_UNBOUNDED;
  xmlHashUpdateEntry(table->sizes, name, (void *)(intptr_t)(total + 2), NULL);
  return total;
}

/// The table of the XML parser running on this thread (set around xmlParseChunk and the re-read:
/// libxml2 passes the SAX user data, our Swift reader, not the parser, to entity callbacks).
static _Thread_local clx_entity_table *clx_current_entities;

long clx_entity_expansion_limit(long inputBytes) { return 10000000L + 10L * inputBytes; }

static clx_entity_table *clx_entities_of(xmlParserCtxtPtr ctxt) {
  clx_callbacks *cb = (clx_callbacks *)ctxt->_private;
  if (cb == NULL) return NULL;
  if (cb->entities == NULL) {
    clx_entity_table *table = (clx_entity_table *)xmlMalloc(sizeof(clx_entity_table));
    if (table == NULL) return NULL;
    memset(table, 0, sizeof(*table));
    cb->entities = table;
  }
  clx_entity_table *table = (clx_entity_table *)cb->entities;
  table->parser = ctxt;
  return table;
}

/// Why: frees the declarations of a finished XML parse (before the recovering re-read declares them again).
static void clx_free_entities(xmlParserCtxtPtr ctxt) {
  clx_callbacks *cb = (clx_callbacks *)ctxt->_private;
  if (cb == NULL || cb->entities == NULL) return;
  clx_entity_table *table = (clx_entity_table *)cb->entities;
  if (clx_current_entities == table) clx_current_entities = NULL;
  if (table->doc != NULL) xmlFreeDoc(table->doc);
  if (table->sizes != NULL) xmlHashFree(table->sizes, NULL);
  xmlFree(table);
  cb->entities = NULL;
}

/// Why: records each general entity the internal subset declares (internal ones to expand, external
/// ones only to say why they were not loaded); parameter entities are not kept, so none expands.
static void clx_entity_decl(void *ctx, const xmlChar *name, int type, const xmlChar *publicId,
                          const xmlChar *systemId, xmlChar *content) {
  (void)ctx;
  clx_entity_table *table = clx_current_entities;
  if (table == NULL || name == NULL) return;
  if (type != XML_INTERNAL_GENERAL_ENTITY && type != XML_EXTERNAL_GENERAL_PARSED_ENTITY
      && type != XML_EXTERNAL_GENERAL_UNPARSED_ENTITY) return;
  if (table->doc == NULL) {
    table->doc = xmlNewDoc(BAD_CAST "1.0");
    if (table->doc == NULL) return;
    if (xmlCreateIntSubset(table->doc, BAD_CAST "entities", NULL, NULL) == NULL) return;
  }
  if (xmlGetDocEntity(table->doc, name) != NULL) return;  // the first declaration binds (XML 1.0 4.2)
  table->declared = xmlAddDocEntity(table->doc, name, type, publicId, systemId, content);
  // Lengths worked out before this declaration counted its references as nothing.
  if (table->sizes != NULL) { xmlHashFree(table->sizes, NULL); table->sizes = NULL; }
}

/// Why: resolves the predefined entities (&amp; &lt; &gt; &quot; &apos;) and the internal entities the
/// document declared, while their expansion stays within clx_entity_expansion_limit; never an
/// external one (nothing is ever loaded, whatever the options say).
static xmlEntityPtr clx_get_entity(void *ctx, const xmlChar *name) {
  (void)ctx;
  xmlEntityPtr predefined = xmlGetPredefinedEntity(name);
  if (predefined != NULL) return predefined;
  clx_entity_table *table = clx_current_entities;
  if (table == NULL || table->doc == NULL) return NULL;
  xmlEntityPtr entity = xmlGetDocEntity(table->doc, name);
  if (entity == NULL || entity->etype != XML_INTERNAL_GENERAL_ENTITY || entity->content == NULL) return NULL;
  if (entity == table->declared) {
    // xmlParseEntityDecl asks for the entity it just declared (to keep its raw value): no expansion.
    table->declared = NULL;
    return entity;
  }
  long input = table->parser != NULL ? xmlByteConsumed(table->parser) : 0;
  long limit = clx_entity_expansion_limit(input > 0 ? input : 0);
  if (table->expanded >= limit) return NULL;
  long length = clx_expansion_length(table, name, 0);
  if (length >= CLX_ENTITY_UNBOUNDED || table->expanded + length > limit) return NULL;
  table->expanded += length;
  long here = table->parser != NULL ? xmlByteConsumed(table->parser) : -1;
  if (here >= 0 && here != table->referenceEnd) {
    // The outermost reference at this place (nested ones are asked for while the parser stays after it).
    table->referenceEnd = here;
    table->referenceStart = here - (long)xmlStrlen(name) - 2;
    if (table->referenceStart < 0) table->referenceStart = 0;
  }
  return entity;
}

/// The callbacks of the XML parser running on this thread (for clx_xml_start_element).
static _Thread_local const clx_callbacks *clx_current_xml_callbacks;

/// Appends `value` to `out` with the references libxml2 leaves in an attribute value (without
/// XML_PARSE_NOENT) resolved: `&#38;` (how it writes a literal "&") and `&name;` of a declared
/// internal entity, which it hands out only within the expansion limit (clx_get_entity, charged
/// then), expanded with its nested references.
static void clx_append_resolved(xmlBufferPtr out, clx_entity_table *table, const xmlChar *value, int depth) {
  const xmlChar *cur = value;
  while (*cur != 0) {
    const xmlChar *amp = xmlStrchr(cur, '&');
    if (amp == NULL) { xmlBufferCat(out, cur); return; }
    if (amp > cur) xmlBufferAdd(out, cur, (int)(amp - cur));
    if (xmlStrncmp(amp, BAD_CAST "&#38;", 5) == 0) { xmlBufferAdd(out, BAD_CAST "&", 1); cur = amp + 5; continue; }
    const xmlChar *end = amp + 1;
    while (*end != 0 && *end != ';' && end - amp < 1000) end++;
    xmlChar *name = (*end == ';' && end > amp + 1) ? xmlStrndup(amp + 1, (int)(end - amp - 1)) : NULL;
    xmlEntityPtr entity = NULL;
    if (name != NULL) {
      entity = xmlGetPredefinedEntity(name);
      if (entity == NULL && table != NULL && table->doc != NULL && depth < 40) entity = xmlGetDocEntity(table->doc, name);
      xmlFree(name);
    }
    if (entity != NULL && entity->content != NULL
        && (entity->etype == XML_INTERNAL_PREDEFINED_ENTITY || entity->etype == XML_INTERNAL_GENERAL_ENTITY)) {
      if (entity->etype == XML_INTERNAL_PREDEFINED_ENTITY) xmlBufferCat(out, entity->content);
      else clx_append_resolved(out, table, entity->content, depth + 1);
      cur = end + 1;
    } else {
      xmlBufferAdd(out, amp, 1);
      cur = amp + 1;
    }
  }
}

/// Why: XML start tags go through here: attribute values with a reference libxml2 left in them
/// (see clx_append_resolved) reach the reader resolved; the others as they are.
static void clx_xml_start_element(void *ctx, const xmlChar *name, const xmlChar **atts) {
  const clx_callbacks *cb = clx_current_xml_callbacks;
  if (cb == NULL || cb->startElement == NULL) return;
  int count = 0, references = 0;
  if (atts != NULL) {
    for (; atts[count] != NULL; count += 2) {
      if (atts[count + 1] != NULL && xmlStrchr(atts[count + 1], '&') != NULL) references++;
    }
  }
  if (references == 0) { cb->startElement(ctx, name, atts); return; }
  const xmlChar **resolved = (const xmlChar **)xmlMalloc(sizeof(xmlChar *) * (size_t)(count + 1));
  xmlBufferPtr *buffers = (xmlBufferPtr *)xmlMalloc(sizeof(xmlBufferPtr) * (size_t)(count / 2 + 1));
  if (resolved == NULL || buffers == NULL) {
    if (resolved != NULL) xmlFree(resolved);
    if (buffers != NULL) xmlFree(buffers);
    cb->startElement(ctx, name, atts);
    return;
  }
  for (int index = 0; index < count; index += 2) {
    resolved[index] = atts[index];
    resolved[index + 1] = atts[index + 1];
    buffers[index / 2] = NULL;
    if (atts[index + 1] != NULL && xmlStrchr(atts[index + 1], '&') != NULL) {
      xmlBufferPtr out = xmlBufferCreate();
      if (out == NULL) continue;
      clx_append_resolved(out, clx_current_entities, atts[index + 1], 0);
      buffers[index / 2] = out;
      resolved[index + 1] = xmlBufferContent(out);
    }
  }
  resolved[count] = NULL;
  cb->startElement(ctx, name, resolved);
  for (int index = 0; index < count / 2; index++) if (buffers[index] != NULL) xmlBufferFree(buffers[index]);
  xmlFree(buffers);
  xmlFree(resolved);
}

clx_entity_refusal clx_entity_kind(const unsigned char *name) {
  clx_entity_table *table = clx_current_entities;
  if (table == NULL || table->doc == NULL) return clx_entity_undeclared;
  xmlEntityPtr entity = xmlGetDocEntity(table->doc, name);
  if (entity == NULL) return clx_entity_undeclared;
  return entity->etype == XML_INTERNAL_GENERAL_ENTITY ? clx_entity_over_limit : clx_entity_external;
}

/// Why: structured errors are not variadic, so Swift can receive them; forwards level, line, column, message.
/// Installed as the (thread-local) structured error handler; finds the reader through the parser context.
static void clx_structured_error(void *userData, xmlErrorPtr error) {
  (void)userData;
  if (error == NULL) return;
  // userData is the parser context for structured errors raised by the parser.
  xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)error->ctxt;
  if (ctxt == NULL || ctxt->_private == NULL) return;
  clx_callbacks *cb = (clx_callbacks *)ctxt->_private;
  if (cb->error) cb->error(ctxt->userData, (int)error->level, error->line, error->int2, error->message);
}

/// Why: fills a SAX1 handler (element callbacks with qualified names). It must not be marked
/// XML_SAX2_MAGIC: libxml2 2.9's XML push parser then calls no SAX1 element callback at all (seen here).
/// Errors arrive through the structured error handler installed by the parser constructors.
static void clx_fill_handler(xmlSAXHandler *sax, const clx_callbacks *cb) {
  memset(sax, 0, sizeof(*sax));
  sax->initialized = 1;
  xmlSetStructuredErrorFunc(NULL, clx_structured_error);
  sax->startElement = cb->startElement;
  sax->endElement = cb->endElement;
  sax->characters = cb->characters;
  sax->cdataBlock = cb->characters;
  sax->getEntity = clx_get_entity;
  sax->entityDecl = clx_entity_decl;
  sax->serror = clx_structured_error;
}

/// Why: installs the structured error handler on the calling thread (see the header).
void clx_prepare_thread(void) { xmlSetStructuredErrorFunc(NULL, clx_structured_error); }

/// Why: creates an HTML push parser (streaming; no DOM is built) with recovery and no network.
/// `encoding` may be NULL to let libxml2 detect it (BOM, <meta charset>).
clx_parser *clx_html_push_parser(const clx_callbacks *cb, void *context,
                          const char *filename,
                          const char *encoding) {
  xmlSetExternalEntityLoader(clx_refusing_loader);
  xmlSAXHandler sax;
  clx_fill_handler(&sax, cb);
  xmlCharEncoding enc = XML_CHAR_ENCODING_NONE;
  if (encoding != NULL) enc = xmlParseCharEncoding(encoding);
  htmlParserCtxtPtr ctxt = htmlCreatePushParserCtxt(&sax, context, NULL, 0, filename, enc);
  if (ctxt == NULL) return NULL;
  ctxt->_private = (void *)cb;
  // IGNORE_ENC: DocumentParsing decodes every input to UTF-8 itself (WHATWG rules); a <meta> must not re-decode it.
  htmlCtxtUseOptions(ctxt, HTML_PARSE_RECOVER | HTML_PARSE_NONET | HTML_PARSE_COMPACT | HTML_PARSE_IGNORE_ENC);
  if (encoding != NULL && enc == XML_CHAR_ENCODING_ERROR) {
    xmlCharEncodingHandlerPtr handler = xmlFindCharEncodingHandler(encoding);
    if (handler != NULL) xmlSwitchToEncoding(ctxt, handler);
  }
  return (clx_parser *)ctxt;
}

/// Why: creates an XML push parser that loads no DTD and no external entity, expands internal
/// entities within clx_entity_expansion_limit (clx_get_entity), touches no network, and recovers
/// from errors.
clx_parser *clx_xml_push_parser(const clx_callbacks *cb, void *context,
                          const char *filename) {
  xmlSetExternalEntityLoader(clx_refusing_loader);
  xmlSAXHandler sax;
  clx_fill_handler(&sax, cb);
  sax.startElement = clx_xml_start_element;
  xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt(&sax, context, NULL, 0, filename);
  if (ctxt == NULL) return NULL;
  ctxt->_private = (void *)cb;
  // IGNORE_ENC: the input arrives as UTF-8 (DocumentParsing decodes it); encoding="…" must not re-decode it.
  xmlCtxtUseOptions(ctxt, XML_PARSE_RECOVER | XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_COMPACT | XML_PARSE_IGNORE_ENC);
  // replaceEntities stays 0 (no XML_PARSE_NOENT): in SAX mode libxml2 2.9 then delivers an internal
  // entity's text once per reference (xmlParseReference parses its content with our callbacks); with
  // it, the text of every reference after the first came twice. Attribute values then keep a declared
  // entity's reference as written, and "&" as "&#38;": clx_xml_start_element resolves both.
  ctxt->replaceEntities = 0;
  // A reference that clx_get_entity does not resolve (undeclared, external, over the limit) is
  // "undeclared". libxml2 makes that a fatal error, after which it drops even &amp; (xmlParseReference
  // returns once !wellFormed). With hasPErefs set it is a warning instead, as for documents whose DTD
  // could not be read.
  ctxt->hasPErefs = 1;
  ctxt->loadsubset = 0;
  ctxt->validate = 0;
  return (clx_parser *)ctxt;
}

/// Why: htmlParseChunk, named for symmetry; `terminate` is 1 on the last chunk.
///
/// checkIndex is reset first. libxml2 2.9's htmlParseLookupSequence remembers where a failed search
/// stopped (checkIndex) and whether it stopped inside an attribute value (a bit it sets in
/// hasPErefs and never clears); a later search resumed from checkIndex then believes it is inside a
/// value whose quote it has forgotten, never finds the end of a tag, and the parser stops consuming:
/// from the first chunk boundary that fell inside an attribute value, the rest of the input piled
/// up in libxml2's buffer and was parsed only at the end (a 50 MB page held 50 MB more, and every
/// event came at the end). From checkIndex 0 a search restarts at the construct's first byte with
/// its quote state known, which is always right and rescans only the unfinished construct. (libxml2
/// 2.10 replaced this lookup.) Tested by ParsingStreamsTests: the text of a large page arrives while
/// it is still being fed.
int clx_html_parse_chunk(clx_parser *parser, const char *bytes, int size, int terminate) {
  xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)parser;
  ctxt->checkIndex = 0;
  return htmlParseChunk(ctxt, bytes, size, terminate);
}
/// Why: xmlParseChunk, named for symmetry.
/// Sets the parser's entity table as this thread's current one while libxml2 runs.
int clx_xml_parse_chunk(clx_parser *parser, const char *bytes, int size, int terminate) {
  xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)parser;
  clx_current_entities = clx_entities_of(ctxt);
  clx_current_xml_callbacks = (const clx_callbacks *)ctxt->_private;
  int status = xmlParseChunk(ctxt, bytes, size, terminate);
  return status;
}
/// Why: frees either kind of context (the HTML one is an xmlParserCtxt too).
void clx_free_html(clx_parser *parser) {
  xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)parser;
  if (ctxt->myDoc != NULL) { xmlFreeDoc(ctxt->myDoc); ctxt->myDoc = NULL; }
  htmlFreeParserCtxt(ctxt);
}
/// Why: frees an XML push context and any document libxml2 may have attached.
void clx_free_xml(clx_parser *parser) {
  xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)parser;
  clx_free_entities(ctxt);
  if (ctxt->myDoc != NULL) { xmlFreeDoc(ctxt->myDoc); ctxt->myDoc = NULL; }
  xmlFreeParserCtxt(ctxt);
}
/// Why: the input bytes consumed so far (in the original encoding), for source mapping.
long clx_bytes_consumed(clx_parser *parser) {
  xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)parser; return xmlByteConsumed(ctxt); }

/// Why: where a text callback's bytes end, in the bytes fed to the parser. libxml2 hands out text
/// two ways: XML's fast path (xmlParseCharData on ASCII text, CDATA sections) passes a pointer into
/// its input buffer and calls back *before* it moves `cur` past the text, while its other paths
/// (and all of HTML's) pass a copy and call back *after*. A pointer inside the buffer says exactly
/// where the text is; otherwise the parser's position is the end of the text, but for the text of an
/// entity expansion, which is placed at the reference's "&".
long clx_text_end(clx_parser *parser, const unsigned char *text, int length) {
  xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)parser;
  xmlParserInputPtr in = ctxt->input;
  if (in != NULL && in->base != NULL && text >= in->base && text < in->end
      && (in->buf == NULL || in->buf->encoder == NULL)) {
    return (long)in->consumed + (long)(text - in->base) + length;
  }
  long here = xmlByteConsumed(ctxt);
  clx_entity_table *table = clx_current_entities;
  if (table != NULL && table->parser == ctxt && here == table->referenceEnd) {
    // Text of an entity expansion (parsed from a copy of the entity's value): placed at the reference
    // (its end may lie past the parser: the caller counts back from it to the "&").
    return table->referenceStart + length;
  }
  return here;
}

/// Why: whether libxml2's HTML push parser ended the document before the end of the input: in its
/// epilog state (after the root element closed) it stops at the first non-blank character and
/// reports nothing. MarkupFilter keeps it out of that state; this is the safety net that makes any
/// other way in a diagnostic instead of a silent loss.
int clx_html_ended_early(clx_parser *parser) {
  xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)parser;
  return ctxt->instate == XML_PARSER_EOF && ctxt->errNo == XML_ERR_DOCUMENT_END;
}

/// Why: whether libxml2 halted the XML push parser (xmlHaltParser: a fatal error it does not recover
/// from even with XML_PARSE_RECOVER, such as `<` not starting a name, a second root element, or more
/// than 10 MB in one token). It then drops the rest of the input; the reader re-reads it with
/// clx_xml_recover_read. With XML_PARSE_RECOVER in force SAX is only ever disabled by a halt.
int clx_xml_halted(clx_parser *parser) {
  xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)parser;
  return ctxt->disableSAX != 0 && ctxt->instate == XML_PARSER_EOF;
}

/// Why: makes the parser that re-reads a whole XML document the push parser gave up on, with
/// libxml2's pull parser in recover mode (run it with clx_xml_recover_run, free it with clx_free_xml).
/// The pull parser recovers where the push parser halts (a `<` that starts no name becomes text);
/// XML_PARSE_HUGE lifts the 10 MB token limit (the input is in memory anyway); it also lifts libxml2's
/// own entity amplification checks, so clx_get_entity's limit is the one that holds here. Same SAX handler, error forwarding and
/// security settings as clx_xml_push_parser. `bytes` must outlive the context.
clx_parser *clx_xml_recover_parser(const clx_callbacks *cb, void *context,
                          const char *bytes, int size) {
  xmlSetExternalEntityLoader(clx_refusing_loader);
  xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt(bytes, size);
  if (ctxt == NULL) return NULL;
  xmlSAXHandlerPtr sax = (xmlSAXHandlerPtr)xmlMalloc(sizeof(xmlSAXHandler));
  if (sax == NULL) { xmlFreeParserCtxt(ctxt); return NULL; }
  clx_fill_handler(sax, cb);
  sax->startElement = clx_xml_start_element;
  if (ctxt->sax != NULL) xmlFree(ctxt->sax);
  ctxt->sax = sax;  // owned by the context from now on (xmlFreeParserCtxt frees it)
  ctxt->userData = context;
  ctxt->_private = (void *)cb;
  // IGNORE_ENC: the retained bytes are the decoded UTF-8 the push parser saw.
  xmlCtxtUseOptions(ctxt, XML_PARSE_RECOVER | XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_COMPACT | XML_PARSE_HUGE
                          | XML_PARSE_IGNORE_ENC);
  ctxt->replaceEntities = 0;
  ctxt->hasPErefs = 1;
  ctxt->loadsubset = 0;
  ctxt->validate = 0;
  return (clx_parser *)ctxt;
}

/// Why: runs the re-read. xmlParseDocument stops after the root element ("Extra content at the end of
/// the document") even in recover mode, so the rest is read as element content with xmlParseContent,
/// the way xmlParseBalancedChunkMemory reads a fragment, skipping end tags that close nothing.
/// Returns 0 when the whole input was read, 1 when libxml2 halted anyway (the caller reports it).
int clx_xml_recover_run(clx_parser *parser) {
  xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)parser;
  clx_current_entities = clx_entities_of(ctxt);
  clx_current_xml_callbacks = (const clx_callbacks *)ctxt->_private;
  xmlParseDocument(ctxt);
  int halted = ctxt->disableSAX != 0;
  if (!halted && ctxt->errNo == XML_ERR_UNSUPPORTED_ENCODING && ctxt->input != NULL) {
    // xmlParseDocument returns inside the XML declaration ("the XML REC instructs us to stop parsing
    // right here"): skip the rest of the declaration and read on (the bytes stay undecoded: UTF-8).
    const xmlChar *cur = ctxt->input->cur;
    while (cur + 1 < ctxt->input->end && !(cur[0] == '?' && cur[1] == '>')) cur++;
    if (cur + 1 < ctxt->input->end) { ctxt->input->col += (int)(cur + 2 - ctxt->input->cur); ctxt->input->cur = cur + 2; }
  }
  while (!halted && ctxt->input != NULL) {
    xmlParserInputGrow(ctxt->input, 250);
    if (ctxt->input->cur >= ctxt->input->end || *ctxt->input->cur == 0) break;
    const xmlChar *before = ctxt->input->cur;
    ctxt->instate = XML_PARSER_CONTENT;
    xmlParseContent(ctxt);
    halted = ctxt->disableSAX != 0;
    if (halted || ctxt->input == NULL) break;
    xmlParserInputGrow(ctxt->input, 250);
    const xmlChar *cur = ctxt->input->cur;
    if (cur + 1 < ctxt->input->end && cur[0] == '<' && cur[1] == '/') {
      // An end tag that closes nothing: skip it.
      while (cur < ctxt->input->end && *cur != '>') {
        if (*cur == '\n') { ctxt->input->line++; ctxt->input->col = 1; } else { ctxt->input->col++; }
        cur++;
      }
      if (cur < ctxt->input->end) { cur++; ctxt->input->col++; }
      ctxt->input->cur = cur;
    }
    if (ctxt->input->cur == before) break;
  }
  return halted ? 1 : 0;
}


/// Why: walks a DOM in document order without recursion (elements, their attributes, text and CDATA
/// nodes; entity references, comments and processing instructions are not text).
static void clx_dom_walk(xmlNodePtr first, const clx_dom_visitor *visitor, void *context) {
  xmlNodePtr node = first;
  while (node != NULL) {
    int descend = 0;
    if (node->type == XML_ELEMENT_NODE) {
      if (visitor->start) visitor->start(context, node->name);
      for (xmlAttrPtr attribute = node->properties; attribute != NULL; attribute = attribute->next) {
        xmlChar *value = xmlNodeListGetString(node->doc, attribute->children, 1);
        if (visitor->attribute) visitor->attribute(context, attribute->name, value != NULL ? value : (const xmlChar *)"");
        if (value != NULL) xmlFree(value);
      }
      if (node->children != NULL) descend = 1; else if (visitor->end) visitor->end(context);
    } else if ((node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) && node->content != NULL) {
      if (visitor->text) visitor->text(context, node->content);
    }
    if (descend) { node = node->children; continue; }
    while (node != NULL && node->next == NULL) {
      node = node->parent;
      if (node == NULL || node->type == XML_DOCUMENT_NODE || node->type == XML_HTML_DOCUMENT_NODE) return;
      if (visitor->end) visitor->end(context);
    }
    if (node != NULL) node = node->next;
  }
}

/// Why: parses HTML into a DOM with libxml2's pull parser (recovering, no network) and walks it.
/// `encoding` may be NULL (libxml2 then detects it). Returns -1 when libxml2 built no document.
int clx_dom_visit_html(const char *bytes, int size, const char *encoding,
                          const clx_dom_visitor *visitor, void *context) {
  xmlSetExternalEntityLoader(clx_refusing_loader);
  htmlDocPtr doc = htmlReadMemory(bytes, size, NULL, encoding,
                          HTML_PARSE_RECOVER | HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
  if (doc == NULL) return -1;
  clx_dom_walk(doc->children, visitor, context);
  xmlFreeDoc(doc);
  return 0;
}

/// Why: parses XML into a DOM with libxml2's pull parser (recovering; no network, no DTD, no entity
/// substitution) and walks it. `huge` lifts libxml2's depth and token limits (XML_PARSE_HUGE): only
/// for documents that declare no entity, since it also lifts the entity amplification checks.
/// Returns -1 when libxml2 built no document.
int clx_dom_visit_xml(const char *bytes, int size, int huge, const clx_dom_visitor *visitor,
                          void *context) {
  xmlSetExternalEntityLoader(clx_refusing_loader);
  xmlDocPtr doc = xmlReadMemory(bytes, size, NULL, NULL,
                          XML_PARSE_RECOVER | XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                          XML_PARSE_NOCDATA | (huge ? XML_PARSE_HUGE : 0));
  if (doc == NULL) return -1;
  clx_dom_walk(doc->children, visitor, context);
  xmlFreeDoc(doc);
  return 0;
}

