// Run teachgames/site/bytecode.py inside the site's own Pyodide, under Node:
//   node compile.mjs RUNTIME_DIR BYTECODE_PY JOBS_JSON
// The host's files are mounted at /host; the counts of each job are printed as JSON.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [runtime, script, jobs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({
  indexURL: `${runtime}/`,
  stdout: (line) => process.stderr.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
});
pyodide.FS.mkdir("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, "/host");
const namespace = pyodide.globals.get("dict")();
pyodide.runPython(readFileSync(script, "utf8"), { globals: namespace });
namespace.set("job_file", jobs);
process.stdout.write(pyodide.runPython('main(job_file, "/host")', { globals: namespace }) + "\n");
