import { EventRelay } from "lifecycle-utils";
import { LlamaModel, LlamaModelOptions } from "../evaluator/LlamaModel/LlamaModel.js";
import { GbnfJsonDefList, GbnfJsonSchema } from "../utils/gbnfJson/types.js";
import { LlamaJsonSchemaGrammar } from "../evaluator/LlamaJsonSchemaGrammar.js";
import { LlamaGrammar, LlamaGrammarOptions } from "../evaluator/LlamaGrammar.js";
import { LlamaClasses } from "../utils/getLlamaClasses.js";
import { LlamaGpuType, LlamaLogLevel, LlamaNuma, RamState } from "./types.js";
export declare const LlamaLogLevelToAddonLogLevel: ReadonlyMap<LlamaLogLevel, number>;
export declare class Llama {
    private _classes?;
    readonly onDispose: EventRelay<void>;
    private constructor();
    dispose(): Promise<void>;
    /** @hidden */
    [Symbol.asyncDispose](): Promise<void>;
    get disposed(): boolean;
    get classes(): LlamaClasses;
    get gpu(): LlamaGpuType;
    get supportsGpuOffloading(): boolean;
    get supportsMmap(): boolean;
    get gpuSupportsMmap(): boolean;
    get supportsMlock(): boolean;
    /** The number of CPU cores that are useful for math */
    get cpuMathCores(): number;
    /**
     * The maximum number of threads that can be used by the Llama instance.
     *
     * If set to `0`, the Llama instance will have no limit on the number of threads.
     *
     * See the `maxThreads` option of `getLlama` for more information.
     */
    get maxThreads(): number;
    set maxThreads(value: number);
    /**
     * See the `numa` option of `getLlama` for more information
     */
    get numa(): LlamaNuma;
    get logLevel(): LlamaLogLevel;
    set logLevel(value: LlamaLogLevel);
    get logger(): (level: LlamaLogLevel, message: string) => void;
    set logger(value: (level: LlamaLogLevel, message: string) => void);
    get buildType(): "localBuild" | "prebuilt";
    get cmakeOptions(): Readonly<Record<string, string>>;
    get llamaCppRelease(): {
        readonly repo: string;
        readonly release: string;
    };
    get systemInfo(): string;
    /**
     * VRAM padding used for memory size calculations, as these calculations are not always accurate.
     * This is set by default to ensure stability, but can be configured when you call `getLlama`.
     *
     * See `vramPadding` on `getLlama` for more information.
     */
    get vramPaddingSize(): number;
    /**
     * RAM padding used for memory size calculations, as these calculations are not always accurate.
     * This is set by default to ensure stability, but can be configured when you call `getLlama`.
     *
     * See `ramPadding` on `getLlama` for more information.
     */
    get ramPaddingSize(): number;
    /**
     * The total amount of VRAM that is currently being used.
     *
     * `unifiedSize` represents the amount of VRAM that is shared between the CPU and GPU.
     * On SoC devices, this is usually the same as `total`.
     */
    getVramState(): Promise<{
        total: number;
        used: number;
        free: number;
        unifiedSize: number;
    }>;
    /**
     * Get the state of the system RAM
     */
    getRamState(): Promise<RamState>;
    /**
     * Get the state of the swap memory.
     *
     * **`maxSize`** - The maximum size of the swap memory that the system can allocate.
     * If the swap size is dynamic (like on macOS), this will be `Infinity`.
     *
     * **`allocated`** - The total size allocated by the system for swap memory.
     *
     * **`used`** - The amount of swap memory that is currently being used from the `allocated` size.
     *
     * On Windows, this will return the info for the page file.
     */
    getSwapState(): Promise<{
        /**
         * The maximum size of the swap memory that the system can allocate.
         * If the swap size is dynamic (like on macOS), this will be `Infinity`
         */
        maxSize: number;
        /** The total size allocated by the system for swap memory */
        allocated: number;
        /** The amount of swap memory that is currently being used from the `allocated` size */
        used: number;
    }>;
    /**
     * Get the total memory usage of this Llama instance
     */
    getLlamaMemoryUsage(): Promise<{
        gpuVram: number;
        cpuRam: number;
    }>;
    /**
     * Cap the amount of VRAM that this Llama instance is allowed to use in bytes.
     * This is useful for constraining the resource usage of models and contexts created with the Llama instance.
     *
     * Capping to a value that's too low may cause model loads and context creations to either fail or not fully offload to VRAM,
     * causing inference to be significantly slower.
     *
     * Setting a cap will only affect future model loads and context creations.
     *
     * Use with caution.
     * Setting to `null` disables the cap.
     *
     * Defaults to `null`.
     */
    setVramCap(bytes: number | null): Promise<void>;
    /**
     * Get the current VRAM cap in bytes. See {@link setVramCap `setVramCap`} for more information.
     *
     * Defaults to `null`, which means no cap is set.
     */
    getVramCap(): number | null;
    /**
     * Cap the amount of RAM that this Llama instance is allowed to use in bytes.
     * This is useful for constraining the resource usage of models and contexts created with the Llama instance.
     *
     * Capping to a value that's too low may cause model loads and context creations to fail.
     * Capping to any value will exclude swap from the resource calculations,
     * so extremely large models may not load at all even if you have enough swap available.
     *
     * Setting a cap will only affect future model loads and context creations.
     *
     * On unified memory systems, capping the RAM may also effectively cap the VRAM, as they are shared.
     * On such systems, it's recommended to either cap the VRAM or the RAM (but not both),
     * and if you need to cap both then make sure to set the RAM cap to a value greater than the VRAM cap.
     * > **Note:** You can detect a unified memory system by checking whether `getVramState().unifiedSize` is greater than 0.
     *
     * Use with caution.
     * Setting to `null` disables the cap.
     *
     * Defaults to `null`.
     */
    setRamCap(bytes: number | null): Promise<void>;
    /**
     * Get the current RAM cap in bytes. See {@link setRamCap `setRamCap`} for more information.
     *
     * Defaults to `null`, which means no cap is set.
     */
    getRamCap(): number | null;
    getGpuDeviceNames(): Promise<string[]>;
    loadModel(options: LlamaModelOptions): Promise<LlamaModel>;
    /**
     * @see [Using a JSON Schema Grammar](https://node-llama-cpp.withcat.ai/guide/grammar#json-schema) tutorial
     * @see [Reducing Hallucinations When Using JSON Schema Grammar](https://node-llama-cpp.withcat.ai/guide/grammar#reducing-json-schema-hallucinations) tutorial
     */
    createGrammarForJsonSchema<const T extends GbnfJsonSchema<Defs>, const Defs extends GbnfJsonDefList<Defs> = Record<any, any>>(schema: Readonly<T> & GbnfJsonSchema<Defs>): Promise<LlamaJsonSchemaGrammar<T, Defs>>;
    getGrammarFor(type: Parameters<typeof LlamaGrammar.getFor>[1]): Promise<LlamaGrammar>;
    /**
     * @see [Using Grammar](https://node-llama-cpp.withcat.ai/guide/grammar) tutorial
     */
    createGrammar(options: LlamaGrammarOptions): Promise<LlamaGrammar>;
    static defaultConsoleLogger(level: LlamaLogLevel, message: string): void;
}
