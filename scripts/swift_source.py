"""Writing Swift source from the generator scripts."""


def print_entries(entries, width=100):
    """An array literal's entries, as many on a line as fit in `width` columns, 8 spaces in."""
    line = "       "
    for entry in entries:
        entry = " " + entry
        if len(line) + len(entry) > width:
            print(line)
            line = "       "
        line += entry
    print(line)
