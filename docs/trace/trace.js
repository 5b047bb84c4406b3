// The trace page's script (scripts/trace --html; src/trace.rs embeds this file, the pages
// here link it). It reads DATA, which the page defines first: the steps, the start board.
var N = DATA.n, SIDE = N * N, CELLS = SIDE * SIDE, SYM = DATA.symbols;
// A cell's side and its candidates' margin (clear of P4573's signs) come from the page.
var SIZE = DATA.size, PAD = DATA.pad, SVGNS = "http://www.w3.org/2000/svg";
var boards = [];
(function () {
  var masks = DATA.start.masks.slice(), values = DATA.start.values.slice();
  for (var i = 0; i < DATA.steps.length; i++) {
    var ch = DATA.steps[i].changes;
    for (var j = 0; j < ch.length; j++) { masks[ch[j][0]] = ch[j][1]; values[ch[j][0]] = ch[j][2]; }
    boards.push({ masks: masks.slice(), values: values.slice() });
  }
})();
var at = 0;
// A given: placed at the start, or (the any-size core) a cell with one candidate there.
function given(cell) {
  var m = DATA.start.masks[cell];
  return DATA.start.values[cell] || (DATA.any && (m & (m - 1)) == 0);
}
function el(name, attrs, text) {
  var e = document.createElementNS(SVGNS, name);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}
function bit(hex, i) {
  var at = hex.length - 1 - Math.floor(i / 4);
  return at < 0 ? 0 : (parseInt(hex.charAt(at), 16) >> (i % 4)) & 1;
}
function bits(hex, row) {
  var s = "";
  for (var c = 0; c < SIDE; c++) {
    s += bit(hex, row * SIDE + c) ? "1" : "0";
    if (c % N == N - 1 && c < SIDE - 1) s += " ";
  }
  return s;
}
function permutations(n) {
  var out = [];
  (function rec(prefix) {
    if (prefix.length == n) { out.push(prefix.slice()); return; }
    for (var k = 0; k < n; k++) if (prefix.indexOf(k) < 0) { prefix.push(k); rec(prefix); prefix.pop(); }
  })([]);
  return out;
}
var PERMS = permutations(N);
function draw() {
  var step = DATA.steps[at], board = boards[at];
  var prev = at > 0 ? boards[at - 1] : { masks: DATA.start.masks, values: DATA.start.values };
  var marks = document.getElementById("marks");
  while (marks.firstChild) marks.removeChild(marks.firstChild);
  var sub = (SIZE - 2 * PAD) / N;
  for (var cell = 0; cell < CELLS; cell++) {
    var x = (cell % SIDE) * SIZE, y = Math.floor(cell / SIDE) * SIZE;
    var rect = document.getElementById("c" + cell);
    var changed = prev.masks[cell] != board.masks[cell] || prev.values[cell] != board.values[cell];
    var hot = step.hot.indexOf(cell) >= 0;
    rect.setAttribute("fill", hot ? "#f4a8a8" : step.cell === cell ? "#ffd080" : changed ? "#fff3a0" : "#fff");
    rect.setAttribute("class", hot ? "cell hot" : "cell");
    var v = board.values[cell];
    if (v) {
      marks.appendChild(el("text", { x: x + SIZE / 2, y: y + SIZE * 0.75, "text-anchor": "middle",
        "font-size": SIZE * 0.6, fill: given(cell) ? "#000" : "#1040c0" }, SYM[v - 1]));
      continue;
    }
    for (var d = 0; d < SIDE; d++) {
      var had = (prev.masks[cell] >> d) & 1, has = (board.masks[cell] >> d) & 1;
      if (!had && !has) continue;
      marks.appendChild(el("text", { x: x + PAD + (d % N) * sub + sub / 2, y: y + PAD + Math.floor(d / N) * sub + sub * 0.8,
        "text-anchor": "middle", "font-size": sub * 0.8, fill: has ? "#555" : "#e00",
        "text-decoration": has ? "none" : "line-through" }, SYM[d]));
    }
  }
  document.getElementById("where").textContent = "step " + (at + 1) + " of " + DATA.steps.length;
  document.getElementById("what").textContent = step.text;
  var slider = document.getElementById("slider");
  slider.value = at;
  var old = document.querySelector("#tree .here");
  if (old) { old.classList.remove("here"); old.querySelector("circle").setAttribute("r", "6"); }
  var v = document.getElementById("v" + step.vertex);
  if (v) { v.classList.add("here"); v.querySelector("circle").setAttribute("r", "9"); }
  drawPanel(step);
}
function drawPanel(step) {
  var visit = step.visit, panel = document.getElementById("panel");
  if (visit) {
    visit.presence = [];
    for (var r = 0; r < N; r++) {
      visit.presence.push([]);
      for (var k = 0; k < N; k++) {
        var any = 0;
        for (var c = 0; c < N; c++) any |= bit(visit.before, r * SIDE + k * N + c);
        visit.presence[r].push(any);
      }
    }
    visit.perms = PERMS.map(function (p, i) { return [p, visit.fits.charAt(i) == "1"]; });
  }
  var dead = step.kind == "dead end";
  if (dead && !visit) {
    panel.innerHTML = "<p class=\"dead\"><b>Why this is a dead end.</b> The red cells are what was left with nothing: " +
      esc(step.text.replace(/^dead end: /, "")) + ".</p><p>The search goes back to the last guess and tries its next digit.</p>";
    return;
  }
  if (!visit) {
    panel.innerHTML = "<p>" + (KINDS[step.kind] || "") + "</p>" + (step.bound ? step.bound : DATA.any ? "" :
      "<p>This step is not a band-rule visit: the next one is <kbd>v</kbd> away.</p>");
    return;
  }
  var h = dead ? "<p class=\"dead\"><b>Why this is a dead end.</b> This band-rule visit found digit " + SYM[visit.digit] +
    " with no place in band " + (visit.band + 1) + " (red on the board): no row-to-box permutation fits. " +
    "The search goes back to the last guess and tries its next digit.</p>" : "";
  h += "<p>Digit <b>" + SYM[visit.digit] + "</b>, band <b>" + (visit.band + 1) + "</b>: the " + (N * SIDE) +
    "-bit word, one row of the band per line, boxes apart (bit = the digit may go there).</p><pre>";
  for (var r = 0; r < N; r++) h += "row " + (visit.band * N + r + 1) + "  " + bits(visit.before, r) + "\n";
  h += "</pre><p>1. Which boxes each row still offers it in: the " + N + "x" + N + " row-by-box matrix.</p><table class=\"m\"><tr><th></th>";
  for (var k = 0; k < N; k++) h += "<th>box " + (visit.band * N + k + 1) + "</th>";
  h += "</tr>";
  for (var r = 0; r < N; r++) {
    h += "<tr><th>row " + (visit.band * N + r + 1) + "</th>";
    for (var k = 0; k < N; k++) h += "<td class=\"" + (visit.presence[r][k] ? "on" : "off") + "\">" + (visit.presence[r][k] ? 1 : 0) + "</td>";
    h += "</tr>";
  }
  h += "</table><p>2. The digit fills each row once and each box once: a row-to-box permutation. Those whose every pair is in the matrix:</p><ul class=\"perms\">";
  var fits = 0;
  for (var i = 0; i < visit.perms.length; i++) {
    var p = visit.perms[i], s = [];
    for (var r = 0; r < N; r++) s.push("row " + (visit.band * N + r + 1) + "\u2192box " + (visit.band * N + p[0][r] + 1));
    if (p[1]) fits++;
    h += "<li class=\"" + (p[1] ? "yes" : "no") + "\">" + (p[1] ? "\u2713 " : "\u2717 ") + s.join(", ") + "</li>";
  }
  h += "</ul><p>3. Cells kept: those of a row-box pair some fitting permutation uses (" + fits + " fit" +
    (fits == 0 ? ": none, a contradiction" : "") + ").</p><pre>";
  for (var r = 0; r < N; r++) h += "row " + (visit.band * N + r + 1) + "  " + bits(visit.after, r) + "\n";
  h += "</pre>";
  panel.innerHTML = h;
}
// What each kind of step is, for the panel (a band-rule visit and a dead end have their own).
var KINDS = {
  start: DATA.any ? "<b>The puzzle.</b> Each given is a cell with one candidate; propagation places it as a naked single, which takes its digit from its row, column and box. What is drawn in an open cell are its candidates, the digits still possible there." :
    "<b>The puzzle.</b> Each given has already left its row, column and box: what is drawn in an open cell are its candidates, the digits still possible there.",
  signs: "<b>The signs prune first.</b> Before the search, chains of signs inside each box bound each cell: a cell larger than k others is at least k + 1, a cell smaller than k others at most 9 - k. Struck out in red: what this step took.",
  single: "<b>A naked single.</b> The orange cell has one candidate left, so it takes it, and that digit leaves the cell's row, column and box.",
  hidden: "<b>A hidden single.</b> A digit has one place left in a row, column or box: the orange cell keeps only it (its other candidates struck out), and a naked single places it next.",
  locked: "<b>Locked candidates.</b> A digit that a box's open cells offer in one of its rows (columns) only must go there, so the rest of that row (column) loses it (struck out in red).",
  pairs: "<b>Hidden pairs.</b> Two digits that a row or box offers in the same two cells only must fill those two cells, which lose their other candidates (struck out in red). The search asks this at its first node only.",
  columns: "<b>A column rule.</b> Digits confined to some columns of a band or stack leave the other cells of those columns (struck out in red).",
  node: "<b>A node.</b> Propagation has nothing more to do: the search must guess (or, with a goal that bounds, may cut here). <kbd>n</kbd> jumps to the next node.",
  cut: DATA.deciding ? "<b>A cut.</b> The goal bounds what the 21 outlined cells can still add (2745 + the best distinct digits of each group of them sharing a row or a column) and drops this node when that bound cannot beat the best score found so far." :
    "<b>A cut.</b> The goal proves this node cannot lead to a wanted completion and drops it without a guess.",
  guess: "<b>A guess.</b> The orange cell takes one of its candidates; the search explores that branch, and comes back to try the next digit if it dies.",
  undo: "<b>Back from a guess.</b> The branch is done (a dead end, or every completion in it seen): the guessed digit leaves the cell, and the search goes on without it.",
  found: "<b>A completion.</b> Every cell holds a digit and every rule holds.",
  cages: "<b>The cage rule (Killer).</b> At a node, each cage (dashed, its value in its corner) keeps only the digits of its completions: distinct digits, one per open cell, adding up to what it still lacks, each a candidate of some open cell and each open cell holding one. Struck out in red: what the rule took. The search goes on from this tighter board in the node's place: the core propagates again, and the rule runs again at the next node. A step that says \"back at node\" ends that search: the node is done."
};
function esc(t) { return t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); }
// One step per call; the address keeps it (#step=N, 1-based) without a new history entry.
function go(to) {
  at = Math.max(0, Math.min(DATA.steps.length - 1, to));
  draw();
  var hash = "#step=" + (at + 1);
  if (location.hash != hash) {
    try { history.replaceState(null, "", hash); } catch (e) { location.replace(hash); }
  }
}
function seek(kinds, dir) {
  for (var i = at + dir; i >= 0 && i < DATA.steps.length; i += dir)
    if (kinds.indexOf(DATA.steps[i].kind) >= 0) { go(i); return; }
}
var NODES = ["node", "found", "dead end"];
var ACTIONS = {
  back: function () { go(at - 1); }, forward: function () { go(at + 1); },
  prevnode: function () { seek(NODES, -1); }, nextnode: function () { seek(NODES, 1); },
  prevvisit: function () { seek(["visit"], -1); }, nextvisit: function () { seek(["visit"], 1); },
  prevdead: function () { seek(["dead end"], -1); }, nextdead: function () { seek(["dead end"], 1); },
  first: function () { go(0); }, last: function () { go(DATA.steps.length - 1); }
};
for (var id in ACTIONS) { var b = document.getElementById(id); if (b) b.onclick = ACTIONS[id]; }
// The any-size core has no band rule: its pages hide the band-rule visit buttons.
if (DATA.any) ["prevvisit", "nextvisit"].forEach(function (id) { document.getElementById(id).hidden = true; });
// Every key the page answers, as listed in its "Keys" line.
var KEYS = { ArrowLeft: "back", ArrowRight: "forward", p: "prevnode", n: "nextnode",
  V: "prevvisit", v: "nextvisit", D: "prevdead", d: "nextdead", Home: "first", End: "last" };
document.getElementById("slider").oninput = function () { go(parseInt(this.value, 10)); };
document.addEventListener("keydown", function (e) {
  if (e.ctrlKey || e.altKey || e.metaKey || !KEYS.hasOwnProperty(e.key)) return;
  // Handled here only: a focused slider would move a second step on its own.
  e.preventDefault();
  ACTIONS[KEYS[e.key]]();
});
function fromHash() {
  var wanted = /step=(\d+)/.exec(location.hash);
  return wanted ? parseInt(wanted[1], 10) - 1 : 0;
}
window.addEventListener("hashchange", function () { if (fromHash() != at) go(fromHash()); });
var vs = document.querySelectorAll("#tree .v");
for (var i = 0; i < vs.length; i++) vs[i].onclick = function () { go(parseInt(this.getAttribute("data-step"), 10)); };
document.getElementById("slider").max = DATA.steps.length - 1;
go(fromHash());
