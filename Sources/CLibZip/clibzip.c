// The libzip calls behind include/clibzip.h. See the header for why this target exists.
#include "clibzip.h"

#include <stdio.h>
#include <zip.h>

clz_archive *clz_open(const void *bytes, uint64_t length, char *message, size_t messageSize) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t *source = zip_source_buffer_create(bytes, length, 0, &error);
  if (source == NULL) {
    snprintf(message, messageSize, "%s", zip_error_strerror(&error));
    zip_error_fini(&error);
    return NULL;
  }
  zip_t *archive = zip_open_from_source(source, ZIP_RDONLY, &error);
  if (archive == NULL) {
    snprintf(message, messageSize, "%s", zip_error_strerror(&error));
    zip_source_free(source);
    zip_error_fini(&error);
    return NULL;
  }
  zip_error_fini(&error);
  return (clz_archive *)archive;
}

void clz_close(clz_archive *archive) { zip_discard((zip_t *)archive); }

int64_t clz_count(clz_archive *archive) { return zip_get_num_entries((zip_t *)archive, 0); }

int clz_stat(clz_archive *archive, uint64_t index, clz_entry *entry) {
  zip_stat_t stat;
  zip_stat_init(&stat);
  if (zip_stat_index((zip_t *)archive, index, ZIP_FL_ENC_RAW, &stat) != 0) return -1;
  entry->name = (stat.valid & ZIP_STAT_NAME) ? stat.name : NULL;
  entry->size = (stat.valid & ZIP_STAT_SIZE) ? stat.size : 0;
  entry->compressedSize = (stat.valid & ZIP_STAT_COMP_SIZE) ? stat.comp_size : 0;
  entry->encrypted = (stat.valid & ZIP_STAT_ENCRYPTION_METHOD) && stat.encryption_method != ZIP_EM_NONE;
  entry->method = (stat.valid & ZIP_STAT_COMP_METHOD) ? stat.comp_method : -1;
  return 0;
}

clz_file *clz_open_entry(clz_archive *archive, uint64_t index) {
  return (clz_file *)zip_fopen_index((zip_t *)archive, index, 0);
}

int64_t clz_read(clz_file *file, void *buffer, uint64_t count) { return zip_fread((zip_file_t *)file, buffer, count); }

void clz_close_entry(clz_file *file) { zip_fclose((zip_file_t *)file); }

const char *clz_archive_error(clz_archive *archive) { return zip_error_strerror(zip_get_error((zip_t *)archive)); }

const char *clz_file_error(clz_file *file) { return zip_error_strerror(zip_file_get_error((zip_file_t *)file)); }
