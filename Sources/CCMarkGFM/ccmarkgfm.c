#include "ccmarkgfm.h"

#include <pthread.h>

// The node's layout (its literal's chunk), from the private header Debian's libcmark-gfm-dev
// installs with the library it matches.
#include <cmark-gfm/node.h>

// The extension node types: exported by libcmark-gfm-extensions (set when the extensions register)
// but declared only in its private headers (table.h, strikethrough.h), so declared here.
extern cmark_node_type CMARK_NODE_TABLE, CMARK_NODE_TABLE_ROW, CMARK_NODE_TABLE_CELL, CMARK_NODE_STRIKETHROUGH;

static pthread_once_t registered = PTHREAD_ONCE_INIT;
static void register_extensions(void) { cmark_gfm_core_extensions_ensure_registered(); }

cmark_node *ccm_parse(const char *bytes, size_t length) {
  // Registration fills a process-wide list: once, whatever thread reads first.
  pthread_once(&registered, register_extensions);
  cmark_parser *parser = cmark_parser_new(CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE | CMARK_OPT_VALIDATE_UTF8);
  if (parser == NULL) return NULL;
  static const char *const names[] = {"table", "strikethrough", "autolink", "tasklist"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    cmark_syntax_extension *extension = cmark_find_syntax_extension(names[i]);
    if (extension != NULL) cmark_parser_attach_syntax_extension(parser, extension);
  }
  cmark_parser_feed(parser, bytes == NULL ? "" : bytes, length);
  cmark_node *document = cmark_parser_finish(parser);
  cmark_parser_free(parser);
  return document;
}

ccm_kind_t ccm_kind(cmark_node *node) {
  cmark_node_type type = cmark_node_get_type(node);
  switch (type) {
  case CMARK_NODE_DOCUMENT: return ccm_document;
  case CMARK_NODE_BLOCK_QUOTE: return ccm_block_quote;
  case CMARK_NODE_LIST: return ccm_list;
  case CMARK_NODE_ITEM: return ccm_item;
  case CMARK_NODE_CODE_BLOCK: return ccm_code_block;
  case CMARK_NODE_HTML_BLOCK: return ccm_html_block;
  case CMARK_NODE_CUSTOM_BLOCK: return ccm_custom_block;
  case CMARK_NODE_PARAGRAPH: return ccm_paragraph;
  case CMARK_NODE_HEADING: return ccm_heading;
  case CMARK_NODE_THEMATIC_BREAK: return ccm_thematic_break;
  case CMARK_NODE_FOOTNOTE_DEFINITION: return ccm_footnote_definition;
  case CMARK_NODE_TEXT: return ccm_text;
  case CMARK_NODE_SOFTBREAK: return ccm_softbreak;
  case CMARK_NODE_LINEBREAK: return ccm_linebreak;
  case CMARK_NODE_CODE: return ccm_code;
  case CMARK_NODE_HTML_INLINE: return ccm_html_inline;
  case CMARK_NODE_CUSTOM_INLINE: return ccm_custom_inline;
  case CMARK_NODE_EMPH: return ccm_emph;
  case CMARK_NODE_STRONG: return ccm_strong;
  case CMARK_NODE_LINK: return ccm_link;
  case CMARK_NODE_IMAGE: return ccm_image;
  case CMARK_NODE_FOOTNOTE_REFERENCE: return ccm_footnote_reference;
  default: break;
  }
  if (type == CMARK_NODE_TABLE) return ccm_table;
  if (type == CMARK_NODE_TABLE_ROW) return ccm_table_row;
  if (type == CMARK_NODE_TABLE_CELL) return ccm_table_cell;
  if (type == CMARK_NODE_STRIKETHROUGH) return ccm_strikethrough;
  return ccm_other;
}

const unsigned char *ccm_literal(cmark_node *node, size_t *length) {
  const cmark_chunk *chunk = NULL;
  switch (node->type) {
  case CMARK_NODE_TEXT:
  case CMARK_NODE_CODE:
  case CMARK_NODE_HTML_INLINE:
  case CMARK_NODE_HTML_BLOCK: chunk = &node->as.literal; break;
  case CMARK_NODE_CODE_BLOCK: chunk = &node->as.code.literal; break;
  default: break;
  }
  if (chunk == NULL || chunk->len <= 0) {
    *length = 0;
    return NULL;
  }
  *length = (size_t)chunk->len;
  return chunk->data;
}
