import { CommandModule } from "yargs";
type InspectCommand = {};
export declare const InspectCommand: CommandModule<object, InspectCommand>;
export {};
