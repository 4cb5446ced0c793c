#!/usr/bin/env python3
"""A storm of resizes at a full-screen rain on a pseudo-terminal of its own.

Usage: resize-storm.py COUNT q|term RAIN ARGUMENTS...

Starts RAIN ARGUMENTS on a pseudo-terminal, waits for its first screen (the text "Berlin"),
then stops reading its output (so that its drawing soon waits for the terminal, as on a slow
one) and sends COUNT resizes (TIOCSWINSZ and SIGWINCH), between two sizes. Then it reads
again, ends rain with the key q or SIGTERM, and reads until rain exits. Prints
"frames N" (the screens drawn after the storm began, counted by "Berlin") and "exit S".
No timing is judged here: the caller's own limit on the whole run is the only clock.
"""
import fcntl, os, pty, select, signal, struct, sys, termios, time

count, ending, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
os.environ["TERM"] = "xterm-256color"
pid, fd = pty.fork()
if pid == 0:
    os.execv(command[0], command)

output = bytearray()
def read(timeout):
    ready, _, _ = select.select([fd], [], [], timeout)
    if not ready:
        return True
    try:
        data = os.read(fd, 1 << 20)
    except OSError:
        return False
    output.extend(data)
    return bool(data)

def resize(rows, columns):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    os.kill(pid, signal.SIGWINCH)

resize(24, 80)
while b"Berlin" not in output:
    if not read(1):
        break
start = len(output)
for n in range(count):
    resize(*((60, 200) if n % 2 else (24, 80)))
    time.sleep(0.001)   # each its own signal: a second one pending is lost, not queued
resize(24, 80)
if ending == "q":
    os.write(fd, b"q")
else:
    os.kill(pid, signal.SIGTERM)
while read(0.5):
    pass
_, status = os.waitpid(pid, 0)
print("frames", output[start:].count(b"Berlin"))
print("exit", os.waitstatus_to_exitcode(status))
