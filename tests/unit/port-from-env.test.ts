/**
 * The browser tests' ports (tests/support/processes.ts `portFromEnv`): a free one when
 * none is given, also when colours are forced as `npm test` does (the probe's answer
 * once came back coloured and unreadable), and a clear refusal for a bad or taken port.
 */
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { portFromEnv } from "../support/processes.ts";

const VARIABLE = "BLUEBERRY_TEST_PORT";
const saved = { port: process.env[VARIABLE], color: process.env.FORCE_COLOR };

afterEach(() => {
  for (const [name, value] of [
    [VARIABLE, saved.port],
    ["FORCE_COLOR", saved.color],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("portFromEnv", () => {
  it.each(["0", "1"])("finds a free port and writes it back to the variable (FORCE_COLOR=%s)", (color) => {
    delete process.env[VARIABLE];
    process.env.FORCE_COLOR = color;
    const port = portFromEnv(VARIABLE);
    expect(port).toBeGreaterThan(0);
    expect(process.env[VARIABLE]).toBe(String(port));
  });

  it("refuses a value that is not a port: 'abc', '0.5', '70000'", () => {
    for (const bad of ["abc", "0.5", "70000"]) {
      process.env[VARIABLE] = bad;
      expect(() => portFromEnv(VARIABLE), bad).toThrow(`${VARIABLE}=${bad} is not a port number`);
    }
  });

  it("names the variable when the given port is taken", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    process.env[VARIABLE] = String(port);
    try {
      expect(() => portFromEnv(VARIABLE)).toThrow(`Port ${port} (${VARIABLE}) on 127.0.0.1 is in use`);
    } finally {
      server.close();
    }
  });
});
