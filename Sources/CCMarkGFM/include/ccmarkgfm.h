// CCMarkGFM: the cmark-gfm calls TextRotor's Markdown reader uses.
//
// Why a C target: the GFM extensions' node types (CMARK_NODE_TABLE…) are global variables that the
// extensions library sets when it registers, and the extensions are looked up by name and attached
// one by one; ccm_parse does that set-up in C, once, and ccm_kind folds core and extension node
// types into one plain enum that Swift can switch over. The remaining wrappers are `static inline`
// so each call is direct; each says why it exists.
// cmark-gfm's headers include no ICU, so DocumentParsing imports this module with `internal import`
// like CLibXML2 and no cmark type appears in its public API.
#ifndef CCMARKGFM_H
#define CCMARKGFM_H

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <stddef.h>

#pragma clang assume_nonnull begin

/// The node kinds the reader distinguishes (core and GFM extension types in one enum).
typedef enum {
  ccm_other = 0,
  ccm_document, ccm_block_quote, ccm_list, ccm_item, ccm_code_block, ccm_html_block, ccm_custom_block,
  ccm_paragraph, ccm_heading, ccm_thematic_break, ccm_footnote_definition,
  ccm_text, ccm_softbreak, ccm_linebreak, ccm_code, ccm_html_inline, ccm_custom_inline, ccm_emph,
  ccm_strong, ccm_link, ccm_image, ccm_footnote_reference,
  ccm_table, ccm_table_row, ccm_table_cell, ccm_strikethrough,
} ccm_kind_t;

/// Why: parses a whole UTF-8 Markdown document with GitHub's extensions attached (table,
/// strikethrough, autolink, tasklist) and source positions on; NULL when cmark-gfm could not
/// allocate. Free the result with ccm_free. Raw HTML stays in the tree (the reader sends it through
/// the HTML reader, which applies its own rules; the tag filter is applied by the reader).
cmark_node *_Nullable ccm_parse(const char *_Nullable bytes, size_t length);

/// Why: cmark_node_free; frees a tree from ccm_parse.
static inline void ccm_free(cmark_node *node) { cmark_node_free(node); }

/// Why: a node's literal (text, inline code, raw HTML, a code block's content) in place, as
/// cmark-gfm holds it: cmark_node_get_literal copies it into a new NUL-terminated buffer on first
/// use (a calloc and a copy per text node, each freed with the tree, and a strlen to measure it).
/// Valid until the tree is freed; NULL and 0 for other nodes.
const unsigned char *_Nullable ccm_literal(cmark_node *node, size_t *length);

/// Why: one switchable kind for core and extension node types (the extension types are variables).
ccm_kind_t ccm_kind(cmark_node *node);

/// Why: whether a tasklist item is checked (false for any other node).
static inline int ccm_task_state(cmark_node *node) {
  const char *type = cmark_node_get_type_string(node);
  if (type == NULL || type[0] != 't') return 0;  // "tasklist" items only
  return cmark_gfm_extensions_get_tasklist_item_checked(node) ? 2 : 1;
}
/// Why: whether a code block is fenced (cmark_node_get_fenced also reports the fence, unused here).
static inline int ccm_is_fenced(cmark_node *node) {
  int length = 0, offset = 0;
  char character = 0;
  return cmark_node_get_fenced(node, &length, &offset, &character);
}
/// Why: whether a table row is the header row.
static inline int ccm_table_row_is_header(cmark_node *node) {
  return cmark_gfm_extensions_get_table_row_is_header(node);
}
/// Why: a table's column alignments ('l', 'c', 'r' or 0), one per column; NULL for none.
static inline const unsigned char *_Nullable ccm_table_alignments(cmark_node *node) {
  return (const unsigned char *)cmark_gfm_extensions_get_table_alignments(node);
}
/// Why: the number of columns of a table.
static inline int ccm_table_columns(cmark_node *node) { return cmark_gfm_extensions_get_table_columns(node); }

#pragma clang assume_nonnull end

#endif
