/** Checkpoints: a shadow git repository per project, so every turn can be undone. */
export { Checkpointer, type CheckpointCall, type CheckpointerOptions } from "./checkpointer.js";
export { undo, type UndoOptions, type UndoResult } from "./restore.js";
export { UndoError } from "./find.js";
export { listCheckpoints, type CheckpointRow } from "./list.js";
export { DEFAULT_MAX_FILE_SIZE_MB, type TakenCheckpoint } from "./store.js";
export type { CheckpointRecord, CheckpointKind, SkippedFile, StoredCheckpoint } from "./records.js";
