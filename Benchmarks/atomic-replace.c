/* atomic-replace [--derived] FILE: the least any program can do to save FILE as DESIGN.md asks,
 * with nothing parsed or changed: read it whole, write the same bytes to a temporary file beside
 * it, fsync, rename it over FILE, fsync the folder (a file the user cannot get back: the store);
 * with --derived, the same without either fsync (derived data: the forecast cache). `make bench`
 * times it on the 10,000-place store and on a forecast answer: the floor under any edit of the
 * store that keeps the design, and what the design's write adds to a refresh beyond curl. */
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(const char *what, const char *path) {
    perror(path);
    fprintf(stderr, "atomic-replace: cannot %s\n", what);
    return 1;
}

int main(int argc, char **argv) {
    int derived = argc == 3 && strcmp(argv[1], "--derived") == 0;
    if (argc != 2 && !derived) { fprintf(stderr, "usage: atomic-replace [--derived] FILE\n"); return 64; }
    const char *path = argv[argc - 1];
    int in = open(path, O_RDONLY | O_CLOEXEC);
    struct stat info;
    if (in < 0 || fstat(in, &info) != 0) return fail("read", path);
    char *bytes = malloc(info.st_size > 0 ? info.st_size : 1);
    ssize_t size = bytes ? read(in, bytes, info.st_size) : -1;
    close(in);
    if (size != info.st_size) return fail("read", path);

    char temporary[4096], folder[4096];
    snprintf(temporary, sizeof temporary, "%s.tmp-%d", path, (int)getpid());
    int out = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (out < 0) return fail("create the temporary file", temporary);
    if (write(out, bytes, size) != size || (!derived && fsync(out) != 0) || close(out) != 0) return fail("write", temporary);
    if (rename(temporary, path) != 0) return fail("rename", temporary);
    free(bytes);
    if (derived) return 0;
    snprintf(folder, sizeof folder, "%s", path);
    int directory = open(dirname(folder), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory < 0 || fsync(directory) != 0) return fail("fsync the folder of", path);
    close(directory);
    return 0;
}
