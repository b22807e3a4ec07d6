/**
 * A download progress bar: percentage, bytes, speed and time left. On a terminal it redraws one
 * line (at most 10 times a second); elsewhere (CI logs, pipes) it prints a line per 10 %.
 */
type Out = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

export interface ProgressState {
  totalBytes: number;
  downloadedBytes: number;
}

const UNITS = ["B", "KB", "MB", "GB", "TB"];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "--";
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/**
 * One line of progress. Speed is measured over this run only (`sinceBytes` were already on disk
 * from an interrupted pull), so a resumed download does not claim an absurd speed.
 */
export function formatProgress(state: ProgressState, elapsedMs: number, sinceBytes = 0, width = 24): string {
  const total = Math.max(state.totalBytes, state.downloadedBytes, 1);
  const fraction = state.downloadedBytes / total;
  const filled = Math.round(fraction * width);
  const bar = `${"█".repeat(filled)}${"░".repeat(width - filled)}`;
  const speed = elapsedMs > 0 ? ((state.downloadedBytes - sinceBytes) / elapsedMs) * 1000 : 0;
  const eta = speed > 0 ? (total - state.downloadedBytes) / speed : Number.POSITIVE_INFINITY;
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
  return `${bar} ${percent}  ${formatBytes(state.downloadedBytes)} / ${formatBytes(total)}  ${formatBytes(speed)}/s  ETA ${formatDuration(eta)}`;
}

export interface ProgressBar {
  update(state: ProgressState): void;
  done(): void;
}

export function createProgressBar(out: Out): ProgressBar {
  const now = Date.now;
  const started = now();
  let first: number | undefined;
  let lastDraw = 0;
  let lastDecile = -1;
  let latest: ProgressState | undefined;
  const line = (state: ProgressState): string => formatProgress(state, now() - started, first);
  return {
    update(state) {
      first ??= state.downloadedBytes;
      latest = state;
      if (out.isTTY === true) {
        if (now() - lastDraw < 100 && state.downloadedBytes < state.totalBytes) return;
        lastDraw = now();
        out.write(`\r${line(state)}\u001b[K`);
        return;
      }
      const decile = Math.floor((state.downloadedBytes / Math.max(state.totalBytes, 1)) * 10);
      if (decile === lastDecile) return;
      lastDecile = decile;
      out.write(`${line(state)}\n`);
    },
    done() {
      if (out.isTTY === true && latest !== undefined) out.write(`\r${line(latest)}\u001b[K\n`);
    },
  };
}
