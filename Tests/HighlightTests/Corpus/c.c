#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUFFER_SIZE 4096
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* A growable byte buffer. */
typedef struct {
    char *data;
    size_t length;
    size_t capacity;
} buffer_t;

static int buffer_append(buffer_t *buffer, const char *bytes, size_t count) {
    if (buffer->length + count > buffer->capacity) {
        size_t capacity = MAX(buffer->capacity * 2, buffer->length + count);
        char *data = realloc(buffer->data, capacity);
        if (data == NULL) {
            return -1;
        }
        buffer->data = data;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, bytes, count);
    buffer->length += count;
    return 0;
}

int main(void) {
    buffer_t buffer = {0};
    char line[BUFFER_SIZE];
    unsigned long total = 0UL;
    while (fgets(line, sizeof line, stdin) != NULL) {
        // Keep every line.
        buffer_append(&buffer, line, strlen(line));
        total++;
    }
    printf("read %lu lines, %zu bytes\n", total, buffer.length);
    free(buffer.data);
    return EXIT_SUCCESS;
}
