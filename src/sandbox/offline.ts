/**
 * Whether a command line can go without the sandbox's network bridge. Starting the bridge
 * (socat, then waiting until it listens) is most of what the sandbox adds to a short command,
 * and `ls`, `grep` or `echo` never open a socket. A command runs without it only when every
 * program it runs is one of these and nothing else in it can reach the network; getting that
 * wrong can only take the network away from a command, never give it one.
 */

/**
 * Programs that open no socket and run no other program. Not here: anything that runs code or
 * another command (env, xargs, find, awk, sed's `e`, git, make, interpreters), shells and `exec`.
 */
const OFFLINE_PROGRAMS = new Set([
  ...["echo", "printf", "true", "false", ":", "cd", "pwd", "test", "[", "read", "export", "unset", "set", "shift", "exit", "return"],
  ...["ls", "cat", "head", "tail", "wc", "grep", "egrep", "fgrep", "sort", "uniq", "cut", "tr", "tee", "nl", "rev", "fold", "paste", "join", "column", "comm"],
  ...["mkdir", "rmdir", "rm", "cp", "mv", "ln", "touch", "chmod", "stat", "file", "du", "df", "basename", "dirname", "realpath", "readlink", "mktemp"],
  ...["diff", "cmp", "md5sum", "sha1sum", "sha256sum", "base64", "od", "xxd", "hexdump", "date", "sleep", "seq", "expr", "yes", "whoami", "id", "uname", "hostname", "which", "type"],
]);

/** bash's own sockets: a redirection to /dev/tcp or /dev/udp opens one without any program. */
const BASH_SOCKETS = /\/dev\/(?:tcp|udp)\//;

/**
 * True when the command needs the network bridge: some program in `programs` (each inner
 * command's argv[0], as the guard read it) may open a socket, or the line names bash's sockets.
 */
export function mayUseNetwork(command: string, programs: readonly string[]): boolean {
  if (BASH_SOCKETS.test(command)) return true;
  return programs.length === 0 || programs.some((program) => !OFFLINE_PROGRAMS.has(program));
}
