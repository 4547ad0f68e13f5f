// The lesson page's Python: Pyodide in a web worker, running the lesson's code cells
// (teachgames.site.inpage.run_lesson) and carrying its widgets' messages to the page.
// A worker, so that the page stays responsive while Python starts and works, and so that
// a package the lesson needs at once can be fetched synchronously (allowed only here).
import { loadPyodide } from "../static/pyodide/pyodide.mjs";

const indexURL = new URL("../static/pyodide/", import.meta.url).href;
// what the first screen imports, loaded with Python's start (the site's lock gives
// their requirements); sympy is fetched after the first widget (inpage.load_later)
const PACKAGES = ["teachgames"];

const post = (text) => postMessage(text);
// the page sends a widget's messages only for widgets it has heard of, so only once
// `receive` is set
let receive = null;

onmessage = async (event) => {
  const message = event.data;
  if (message.type === "run") {
    run(message).catch((err) => postMessage(JSON.stringify({ type: "failed", error: String(err) })));
  } else {
    receive?.(JSON.stringify(message));
  }
};

async function run({ cells, language }) {
  const started = performance.now();
  const pyodide = await loadPyodide({ indexURL, packages: PACKAGES });
  postMessage(JSON.stringify({ type: "python", ms: performance.now() - started }));
  const inpage = pyodide.pyimport("teachgames.site.inpage");
  receive = inpage.receive;
  await inpage.run_lesson(pyodide.toPy(cells), language, post);
}
