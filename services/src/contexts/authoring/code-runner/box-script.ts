/**
 * The shell script that builds a sandbox, run as root by `unshare` in fresh mount, network, PID, IPC
 * and UTS namespaces. It becomes PID 1 of the new PID namespace and stays there, so that the program
 * is an ordinary process (PID 1 would ignore signals it has no handler for) and so that killing this
 * shell, or it exiting, tears the whole namespace down: every process the program left is killed.
 *
 * The new root is a 1 MiB tmpfs mounted over the host's per-run directory $W (only inside this mount
 * namespace), holding read-only binds of /usr and the /lib directories (the interpreters and their
 * libraries; on a merged-/usr system /bin and /lib are symlinks into /usr), a fresh /proc of this PID
 * namespace, four device nodes, an /etc with only the loader cache and a passwd line for the sandbox
 * user, and /tmp: a tmpfs of its own, the only writable place, owned by the sandbox user, where the
 * source file is copied. Nothing else of the host (the repository, the server's files, /home, /root, the
 * real /tmp, /dev/shm) exists inside. Each command here is a process start, and a run's setup time is
 * mostly theirs: the layout (which system directories are symlinks) is worked out once, in boxLayout().
 *
 * Arguments: $1 = W (host dir holding the source), $2 = uid, $3 = file name, $4 = /tmp size in bytes,
 * then the program's argv (run in /tmp). Environment: $SABAQ_BOX_BIND, the directories to bind read-only
 * (colon separated); $SABAQ_BOX_LINKS, the symlinks to recreate at the root (targets whose last part is
 * the link's name, space separated). Protocol on fd 3: one line with the host PID of the process that
 * becomes the program, written just before it execs; fd 3 is closed everywhere else, so EOF without a
 * line means the setup failed. The exit status is the program's (128 + n when killed by signal n).
 * Run by bash where there is one, preceded by closeInheritedFds(3).
 */
import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';

export const BOX_SCRIPT = String.raw`set -eu
W=$1; U=$2; F=$3; T=$4; shift 4
exec 4<"$W/$F"
mount --make-rprivate /
mount -t tmpfs -o size=1m,mode=0755,nosuid,nodev sabaq-root "$W"
cd "$W"
mkdir etc dev proc tmp
if [ -n "$SABAQ_BOX_LINKS" ]; then ln -s $SABAQ_BOX_LINKS .; fi
IFS=:
for p in $SABAQ_BOX_BIND; do mkdir -p ".$p"; mount -o bind,ro,nosuid,nodev "$p" ".$p"; done
unset IFS
if [ -f /etc/ld.so.cache ]; then cp /etc/ld.so.cache etc/; fi
printf 'sandbox:x:%s:%s::/tmp:/usr/sbin/nologin\n' "$U" "$U" > etc/passwd
printf 'sandbox:x:%s:\n' "$U" > etc/group
touch dev/null dev/zero dev/random dev/urandom
for n in null zero random urandom; do mount -o bind "/dev/$n" "dev/$n"; done
ln -s /proc/self/fd dev/fd
ln -s /proc/self/fd/0 dev/stdin
mount -t proc -o nosuid,nodev,noexec proc proc
mount -o remount,bind,ro "$W"
mount -t tmpfs -o "size=$T,mode=0700,uid=$U,gid=$U,nosuid,nodev" sabaq-tmp tmp
cat <&4 > "tmp/$F"
exec 4<&-
# The stdin file was made by the server (root, 0600): the program may reopen it as /dev/stdin.
chown "$U:$U" "tmp/$F" /proc/self/fd/0
exec 5<&0
(
  read -r hostpid rest < /proc/self/stat
  printf '%s\n' "$hostpid" >&3
  exec 3>&-
  exec chroot "$W" setpriv --reuid "$U" --regid "$U" --clear-groups --no-new-privs \
    --bounding-set=-all --inh-caps=-all -- \
    env -i -C /tmp PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 "$@"
) <&5 5<&- &
# From here on the shell says nothing: bash would report the program's death by signal on its stderr.
exec 3>&- 5<&- 0</dev/null 2>/dev/null
wait $!
`;

export interface BoxLayout {
  /** Directories bound read-only at the same path inside. */
  binds: string[];
  /** Symlink targets recreated at the root under their last part's name (bin → usr/bin). */
  links: string[];
}

const SYSTEM_DIRS = ['usr', 'bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'];

/** Which of the host's system directories to bind and which to recreate as symlinks, plus `extra` binds. */
export function boxLayout(extra: string[]): BoxLayout {
  const layout: BoxLayout = { binds: [], links: [] };
  for (const name of SYSTEM_DIRS) {
    const dir = `/${name}`;
    try {
      const stat = lstatSync(dir);
      if (!stat.isSymbolicLink()) {
        if (stat.isDirectory()) layout.binds.push(dir);
        continue;
      }
      const target = readlinkSync(dir);
      // `ln -s target .` names the link after the target's last part; otherwise bind what it points to.
      if (path.basename(target) === name && !/\s/.test(target)) layout.links.push(target);
      else layout.binds.push(dir);
    } catch {
      // not on this system
    }
  }
  for (const dir of extra) if (!layout.binds.includes(dir)) layout.binds.push(dir);
  return layout;
}

/** The script's environment for a layout. */
export function boxEnvironment(layout: BoxLayout): Record<string, string> {
  return { SABAQ_BOX_BIND: layout.binds.join(':'), SABAQ_BOX_LINKS: layout.links.join(' ') };
}

const environments = new Map<string, Record<string, string>>();

/** The script's environment with `extra` binds, worked out once per set of extra binds. */
export function boxEnvironmentWith(extra: string | null): Record<string, string> {
  const key = extra ?? '';
  let environment = environments.get(key);
  if (!environment) {
    environment = boxEnvironment(boxLayout(extra ? [extra] : []));
    environments.set(key, environment);
  }
  return environment;
}

/**
 * Closes every descriptor the shell inherited above `highest`: a descriptor the server (or whatever
 * started it, e.g. an IPC channel of a process manager) opened without close-on-exec would otherwise
 * reach the program. Needs bash: dash cannot name a descriptor above 9.
 */
export function closeInheritedFds(highest: number): string {
  const kept = Array.from({ length: highest + 1 }, (_, fd) => fd).join('|');
  return `for f in /proc/self/fd/*; do n=\${f##*/}; case $n in ${kept}) ;; *) eval "exec $n>&-" ;; esac; done\n`;
}
