// teachgames: the small DOM helpers the widgets' front ends share.
//
// An anywidget ESM is loaded from a string, so it cannot import a file next to it: a
// widget's module names these helpers with `import {...} from "./dom.js";` and the
// Python side puts this file in place of that line (teachgames/widgets/frontend.py).
// Every line that starts with `export ` here is therefore a plain declaration there.
//
// el() builds an element; on() and delegate() attach handlers that survive a redraw;
// patchChildren() turns the children of a node into those of a freshly built one while
// keeping every node whose key still matches (the keyed patch: a card, a button, a
// <details> the pupil opened stay the same DOM nodes, so a press or the focus that spans
// a redraw stays on them).

// An element: attributes (false, null and undefined leave one out; true sets it empty),
// then children (a string or number becomes text; null and undefined are skipped).
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === "") continue;
    node.append(typeof child === "object" ? child : String(child));
  }
  return node;
}

// A handler kept on the node itself, called by the root's delegated listener: a node
// kept by patchChildren() gets the handler of the view it now shows.
export function on(node, type, fn) {
  (node.__tg || (node.__tg = {}))[type] = fn;
  return node;
}

// One listener a kind on `root`, calling the handler the nearest node holds; returns
// the function that removes them.
export function delegate(root, types) {
  function handle(event) {
    for (let n = event.target; n && n !== root; n = n.parentNode) {
      const fn = n.__tg && n.__tg[event.type];
      if (fn) {
        fn(event, n);
        return;
      }
    }
  }
  types.forEach((type) => root.addEventListener(type, handle));
  return () => types.forEach((type) => root.removeEventListener(type, handle));
}

// Markup kept as it came (an SVG made by the package's own drawing code): the patch
// replaces it only when the markup changed.
export function setSvg(node, svg) {
  node.innerHTML = svg || "";
  node.__tgSvg = svg || "";
  return node;
}

// A node's key: an explicit one (`node.__k`) or its data-testid, with its tag.
function keyOf(n) {
  if (n.nodeType !== 1) return null;
  const k = n.__k || n.getAttribute("data-testid");
  return k ? `${n.tagName}#${k}` : null;
}

// Make the children of `old` what the children of `next` are, keeping every node whose
// key (or, for unkeyed nodes, tag and order) matches; `next`'s nodes are used up.
export function patchChildren(old, next) {
  const match = matcher(old);
  let pos = 0;
  for (const n of Array.from(next.childNodes)) {
    const kept = match(n);
    const at = old.childNodes[pos] || null;
    if (kept) {
      patchNode(kept, n);
      if (at !== kept) old.insertBefore(kept, at);
    } else old.insertBefore(n, at);
    pos++;
  }
  while (old.childNodes.length > pos) old.removeChild(old.lastChild);
}

// For each new node in turn, the old child it replaces: the next one with its key, or
// for an unkeyed node the next unkeyed one of the same kind (null: none, it is new).
function matcher(old) {
  const keyed = new Map();
  const loose = [];
  for (const c of Array.from(old.childNodes)) {
    const k = keyOf(c);
    if (!k) loose.push(c);
    else if (keyed.has(k)) keyed.get(k).push(c);
    else keyed.set(k, [c]);
  }
  let li = 0;
  const sameKind = (c, n) => c.nodeType === n.nodeType && (c.nodeType !== 1 || c.tagName === n.tagName);
  return (n) => {
    const k = keyOf(n);
    if (k) return (keyed.get(k) || []).shift() || null;
    while (li < loose.length) {
      const c = loose[li++];
      if (sameKind(c, n)) return c;
    }
    return null;
  };
}

function patchAttributes(old, next) {
  // a <details> keeps whether the pupil opened it
  const keep = old.tagName === "DETAILS" ? "open" : null;
  for (const a of Array.from(old.attributes)) {
    if (a.name !== keep && !next.hasAttribute(a.name)) old.removeAttribute(a.name);
  }
  for (const a of Array.from(next.attributes)) {
    if (a.name !== keep && old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
  }
}

function patchNode(old, next) {
  if (old.nodeType !== 1) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return;
  }
  patchAttributes(old, next);
  old.__tg = next.__tg;
  if (old.tagName === "INPUT" && old.value !== next.value) old.value = next.value;
  if (old.tagName === "BUTTON" || old.tagName === "INPUT") old.disabled = next.disabled;
  if (next.__tgSvg !== undefined) {
    if (old.__tgSvg !== next.__tgSvg) {
      old.replaceChildren(...Array.from(next.childNodes));
      old.__tgSvg = next.__tgSvg;
    }
    return;
  }
  old.__tgSvg = undefined;
  patchChildren(old, next);
}
