import { CommandModule } from "yargs";
type SourceCommand = {};
export declare const SourceCommand: CommandModule<object, SourceCommand>;
export {};
