/** What a registry batch (`ToolRegistry.batch`) stages, and what it hands back to its function. */

/** What a batch staged so far (see `ToolRegistry.batch`). */
export interface RegistryBatch {
  /** Names registered inside the batch, in call order. */
  readonly registered: readonly string[];
  /**
   * Handles of the resources and prompts registered inside the batch. Those take effect at once
   * (their catalogs announce their own changes); the handles let a reloading file drop the ones
   * its new version no longer registers.
   */
  readonly catalogued: readonly Removable[];
}

/** A resource's or prompt's handle, as far as a batch keeps it. */
export interface Removable {
  remove(): void;
}

/** A batch while its function runs: the staged operations too. */
export interface OpenBatch extends RegistryBatch {
  registered: string[];
  catalogued: Removable[];
  ops: Array<() => boolean>;
}
