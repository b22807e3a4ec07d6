/**
 * Call deadlines on one shared timer. A setTimeout/clearTimeout pair per tool call costs more
 * than a small tool itself; calls mostly share one timeout, so each new deadline is later than
 * the armed one and scheduling is just a Set insert. The timer is re-armed for the earliest
 * deadline left whenever it fires. Time is Date.now(), which fake timers in tests control too.
 */
export interface Deadline {
  readonly at: number;
  readonly fire: () => void;
}

const pending = new Set<Deadline>();
let timer: NodeJS.Timeout | undefined;
let armedAt = Infinity;

/** Calls `fire` once `ms` have passed, unless `cancelDeadline` comes first. */
export function scheduleDeadline(ms: number, fire: () => void): Deadline {
  const deadline = { at: Date.now() + ms, fire };
  pending.add(deadline);
  if (deadline.at < armedAt) arm(deadline.at);
  else if (pending.size === 1) timer?.ref();
  return deadline;
}

export function cancelDeadline(deadline: Deadline): void {
  if (pending.delete(deadline) && pending.size === 0) timer?.unref();
}

function arm(at: number): void {
  if (timer !== undefined) clearTimeout(timer);
  armedAt = at;
  timer = setTimeout(sweep, Math.max(0, Math.ceil(at - Date.now())));
}

function sweep(): void {
  timer = undefined;
  armedAt = Infinity;
  const now = Date.now();
  let next = Infinity;
  for (const deadline of pending) {
    if (deadline.at <= now) {
      pending.delete(deadline);
      deadline.fire();
    } else if (deadline.at < next) {
      next = deadline.at;
    }
  }
  if (next !== Infinity && next < armedAt) arm(next);
}
