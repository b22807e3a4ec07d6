import { CommandModule } from "yargs";
type OnPostInstallCommand = null;
export declare const OnPostInstallCommand: CommandModule<object, OnPostInstallCommand>;
export {};
