import { CommandModule } from "yargs";
type InspectGpuCommand = {};
export declare const InspectGpuCommand: CommandModule<object, InspectGpuCommand>;
export {};
