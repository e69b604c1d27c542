#include "CVips.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// libvips' types are opaque here: only pointers to them pass through.
typedef struct VipsImage VipsImage;

static int (*vips_init_fn)(const char *);
static const char *(*vips_version_string_fn)(void);
static int (*vips_thumbnail_fn)(const char *, VipsImage **, int, ...);
static int (*vips_svgload_buffer_fn)(void *, size_t, VipsImage **, ...);
static int (*vips_image_write_to_file_fn)(VipsImage *, const char *, ...);
static const char *(*vips_error_buffer_fn)(void);
static void (*vips_error_clear_fn)(void);
static void (*vips_concurrency_set_fn)(int);
static void (*vips_cache_set_max_fn)(int);
static void (*vips_operation_block_set_fn)(const char *, int);
static void (*g_object_unref_fn)(void *);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *open_path;
static const char *open_error = "libvips was not opened";
static const char *version = "";
static pthread_mutex_t error_lock = PTHREAD_MUTEX_INITIALIZER;

#define LOOK_UP(handle, name) \
    do { \
        *(void **)(&name##_fn) = dlsym(handle, #name); \
        if (!name##_fn) return "libvips lacks " #name; \
    } while (0)

static const char *open_library(void) {
    void *handle = dlopen(open_path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) return "libvips is not installed (cannot open libvips.so.42)";
    LOOK_UP(handle, vips_init);
    LOOK_UP(handle, vips_version_string);
    LOOK_UP(handle, vips_thumbnail);
    LOOK_UP(handle, vips_svgload_buffer);
    LOOK_UP(handle, vips_image_write_to_file);
    LOOK_UP(handle, vips_error_buffer);
    LOOK_UP(handle, vips_error_clear);
    LOOK_UP(handle, vips_concurrency_set);
    LOOK_UP(handle, vips_cache_set_max);
    LOOK_UP(handle, g_object_unref);
    // libvips 8.13 and later: only the loaders sitegen needs may run.
    *(void **)(&vips_operation_block_set_fn) = dlsym(handle, "vips_operation_block_set");
    if (vips_init_fn("sitegen") != 0) return "libvips could not start";
    // sitegen runs one image per core itself; libvips' cache would only hold memory.
    vips_concurrency_set_fn(1);
    vips_cache_set_max_fn(0);
    if (vips_operation_block_set_fn) {
        vips_operation_block_set_fn("VipsForeignLoad", 1);
        vips_operation_block_set_fn("VipsForeignLoadJpeg", 0);
        vips_operation_block_set_fn("VipsForeignLoadPng", 0);
        vips_operation_block_set_fn("VipsForeignLoadWebp", 0);
        vips_operation_block_set_fn("VipsForeignLoadSvg", 0);
    }
    version = vips_version_string_fn();
    return NULL;
}

static void open_once(void) { open_error = open_library(); }

const char *sitegen_vips_open(const char *path) {
    if (!open_path) open_path = strdup(path);
    pthread_once(&once, open_once);
    return open_error;
}

const char *sitegen_vips_version(void) { return version; }

static int fail(char *error, size_t size) {
    pthread_mutex_lock(&error_lock);
    snprintf(error, size, "%s", vips_error_buffer_fn());
    vips_error_clear_fn();
    pthread_mutex_unlock(&error_lock);
    size_t length = strlen(error);
    while (length > 0 && (error[length - 1] == '\n' || error[length - 1] == ' ')) error[--length] = 0;
    if (length == 0) snprintf(error, size, "libvips failed without a message");
    return -1;
}

int sitegen_vips_resize(const char *input, const char *output, int width, char *error, size_t size) {
    if (open_error) { snprintf(error, size, "%s", open_error); return -1; }
    VipsImage *image = NULL;
    // The height is free: the width alone decides the scale.
    if (vips_thumbnail_fn(input, &image, width, "height", 10000000, "size", 2 /* VIPS_SIZE_DOWN */, NULL) != 0) return fail(error, size);
    int result = vips_image_write_to_file_fn(image, output, NULL);
    g_object_unref_fn(image);
    return result == 0 ? 0 : fail(error, size);
}

int sitegen_vips_svg_to_png(const char *svg, size_t length, const char *output, char *error, size_t size) {
    if (open_error) { snprintf(error, size, "%s", open_error); return -1; }
    VipsImage *image = NULL;
    if (vips_svgload_buffer_fn((void *)svg, length, &image, NULL) != 0) return fail(error, size);
    int result = vips_image_write_to_file_fn(image, output, NULL);
    g_object_unref_fn(image);
    return result == 0 ? 0 : fail(error, size);
}
