/**
 * Turns content files' text into values. Content is YAML (one file per item or per page,
 * the form the browser editor writes); a file that is not valid YAML fails the check with
 * its line and column, as a value that breaks a schema names its field.
 */
import { parse, YAMLParseError } from "yaml";
import { ContentError, type RawModules } from "./load.ts";

/** One file's value; `file` is its path under app/content, for the message. */
export function parseYamlFile(file: string, text: string): unknown {
  try {
    // No aliases: an editor never writes them, and they could multiply a small file.
    return parse(text, { maxAliasCount: 0 });
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const [where] = error.linePos ?? [];
      const [reason = error.message, context = ""] = error.message.split(/ at line \d+, column \d+:\n\n/);
      const shown = context.trimEnd().replace(/^/gm, "    ");
      throw new ContentError(
        `Content error in app/content/${file}:\n  line ${where?.line}, column ${where?.col}: ${reason} (the file is not valid YAML)\n${shown}`,
      );
    }
    // The one other failure: an alias (`*name`), refused above.
    throw new ContentError(
      `Content error in app/content/${file}:\n  the file uses a YAML alias (*name); write the value out instead`,
    );
  }
}

/** Every file's value, by its path under app/content. */
export function parseYamlFiles(texts: Record<string, string>): RawModules {
  return Object.fromEntries(Object.entries(texts).map(([file, text]) => [file, parseYamlFile(file, text)]));
}
