"use strict";
// Everything drawn here comes from the server's messages, as /message.schema.json describes them.
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.hash.slice(1));
let socket = null, last = null, selected = [], groups = [], bySet = true, retry = 0;
let leaving = false, invalid = false, verdict = null, checkTimer = null, showAllWays = false;
let callsOpen = false, windowEnds = null, turnEnds = null, countdown = null, lines = [], acted = false;
let checks = 0;  // verdicts asked for and not yet received: only the last one is shown
window.addEventListener("pagehide", () => { leaving = true; if (socket) socket.close(1000); });
window.hellsrummyMessages = [];  // every message received (kept for inspection)

const EXTRA = { E: "Eagles", R: "Roses", M: "Moons" };
const isWild = (c) => c.length === 2 && c[0] === "2";
function cardImg(text, cls) {
  const img = document.createElement("img");
  img.src = `/card/${text}.svg`; img.alt = text; img.title = text; img.className = cls || "";
  return img;
}
function cardSpan(text, under) {
  const box = document.createElement("span"); box.className = "slot card-small"; box.dataset.card = text;
  box.appendChild(cardImg(text));
  if (under) box.append(under);
  return box;
}
function button(label, onclick, cls) {
  const b = document.createElement("button"); b.textContent = label; b.onclick = onclick;
  if (cls) b.className = cls;
  return b;
}
// Messages appear in the panel, next to the action bar where the person clicked.
function show(items) {
  lines = items.filter((x) => x[0]);
  $("message").replaceChildren(...lines.map(([text, kind]) => {
    const s = document.createElement("span"); s.className = kind; s.textContent = text; return s;
  }));
}
function send(message) {
  if (!socket || socket.readyState !== 1) { show([["Not connected; reconnecting...", "error"]]); return false; }
  socket.send(JSON.stringify({ ...message, token: params.get("token") }));
  return true;
}
// What was said about the last grouping goes once the grouping changes.
function regrouped() { verdict = null; show(lines.filter((x) => x[1] !== "error")); }
function act(action) { acted = true; send({ type: "action", action }); }
const sameCards = (a, b) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
const legalOf = (kind) => (last ? last.legal.filter((a) => a.action === kind) : []);
const hand = () => (bySet ? last.hand_by_set : last.hand_by_run);
const selectedCards = () => selected.map((k) => hand()[k]);
const grouped = () => new Set(groups.flat());
const groupCards = () => groups.map((g) => g.map((k) => hand()[k]));

function describe(e, v) {
  const who = (s) => (s === v.seat ? "You" : v.names[s]);  // at the start of a sentence
  const whom = (s) => (s === v.seat ? "you" : v.names[s]);  // anywhere else
  switch (e.event) {
    case "round_started": return `Round ${e.round + 1} starts; ${e.dealer === v.seat ? "you deal" : v.names[e.dealer] + " deals"}, ${e.discard} turned up`;
    case "took": return `${who(e.seat)} took ${e.card}`;
    case "passed": return `${who(e.seat)} passed ${e.card} on to ${whom(e.to)}, with a card from the stock`;
    case "refilled": return `The stock was refilled with ${e.cards} cards`;
    case "melded": return `${who(e.seat)} laid down ${e.melds.map((m) => m.join(" ")).join(" / ")}${e.met ? " and met the minimum" : ""}`;
    case "extended": return `${who(e.seat)} added ${e.cards.join(" ")} to meld ${e.meld + 1}`;
    case "swapped": return `${who(e.seat)} swapped ${e.card} for the wildcard ${e.wildcard} of meld ${e.meld + 1}`;
    case "discarded": return `${who(e.seat)} discarded ${e.card}`;
    case "discard_error": return `Discard error by ${whom(e.seat)}: ${e.points} points charged`;
    case "play_protection_warning": return `Play protection warned ${whom(e.seat)}: ${e.points} points charged`;
    case "play_protection_changed": return `${who(e.seat)} turned play protection ${e.on ? "on" : "off"}`;
    case "seat_left": return `${who(e.seat)} left the game`;
    case "discard_turned_up": return `${e.card} was turned up`;
    case "rummy_called": return `${who(e.seat)} called Rummy! on ${e.card} (meld ${e.meld + 1}) and gave ${e.substitute}`;
    case "round_ended": return `Round ${e.round + 1} ended${e.winner === null ? "" : `: ${who(e.winner)} went out`}`;
    default: return e.event;
  }
}
const PRESENCE = { here: "", reconnecting: "reconnecting...", away: "bot (away)", bot: "bot", left: "left" };

function draw() {
  const m = last, v = m.view, mine = v.seat, myTurn = v.current === mine && !v.left[mine];
  const over = v.phase === "round_over" || v.phase === "game_over";
  const playing = myTurn && v.phase === "play", deciding = myTurn && v.phase === "decide";
  $("contract").textContent = `Round ${v.round + 1} of ${v.rules.schedule.length}: ${m.contract}`;
  const winners = winnersOf(m);
  $("status").textContent = v.phase === "game_over" ? `Game over: ${winners.map((s) => (s === mine ? "you" : v.names[s])).join(" and ")} won`
    : v.phase === "round_over" ? "Round over" : m.paused ? "Paused"
    : deciding ? "Your turn: take or pass the discard" : playing ? "Your turn: play, then discard"
    : `${v.names[v.current]} to play`;
  $("discard").replaceChildren(v.discard ? cardImg(v.discard) : document.createTextNode("no discard"));
  $("stock").textContent = `stock ${v.stock_size}`;
  const windowOpen = m.call_window !== null && m.call_window > 0;
  const answering = windowOpen && m.call_waiting.includes(mine);
  $("take").hidden = !deciding; $("pass").hidden = !deciding;
  $("take").disabled = windowOpen || !legalOf("take").length;
  $("pass").disabled = windowOpen || !legalOf("pass").length;
  $("rummy").hidden = !m.calls.length;
  $("no-call").hidden = !answering;
  $("discard-selected").hidden = !playing;
  $("discard-selected").disabled = selected.length !== 1;
  const canMeld = playing && (!v.met[mine] || legalOf("meld").length || !m.legal_complete);
  $("new-group").hidden = !canMeld; $("lay").hidden = !canMeld; $("clear-groups").hidden = !canMeld || !groups.length;
  $("new-group").disabled = !selected.length;
  $("lay").disabled = !(groups.length || selected.length);
  $("next-round").hidden = v.phase !== "round_over";
  $("new-game").hidden = v.phase !== "game_over";
  const noProtection = v.rules.expert || v.rules.discard_policy === "classic";
  $("protection-box").hidden = noProtection || over || v.left[mine];
  $("protection").checked = v.protection[mine];
  $("leave").hidden = v.left[mine] || v.phase === "game_over" || !$("leave-confirm").hidden;
  drawMelds(m, playing && v.met[mine]);
  drawHand(m);
  drawGroups(playing);
  drawWays(m, playing && !v.met[mine]);
  drawCalls(m);
  drawSeats(m, winners);
  drawSheet(m, winners);
  const extra = v.suits.filter((s) => EXTRA[s]);
  $("legend").hidden = !extra.length;
  $("legend-cards").replaceChildren(...extra.map((s) => { const x = cardSpan(`A${s}`, `${s} = ${EXTRA[s]}`); return x; }));
  drawInvites(m);
  const log = $("log"), first = Math.max(0, v.events.length - 200);  // numbered from the game's start
  log.start = first + 1;
  log.replaceChildren(...v.events.slice(first).map((e) => { const li = document.createElement("li"); li.textContent = describe(e, v); return li; }));
  log.scrollTop = log.scrollHeight;
}
function drawMelds(m, met) {
  const v = m.view, melds = $("melds"); melds.replaceChildren();
  if (!m.arranged.length) melds.textContent = "No melds yet.";
  m.arranged.forEach((laid, n) => {
    const box = document.createElement("div"); box.className = "meld"; box.dataset.meld = n;
    const head = document.createElement("div"); head.className = "head";
    head.append(`${n + 1}. ${laid.kind} of ${v.names[v.melds[n].owner]}`);
    const sel = selectedCards();
    if (met) {
      const extend = button("Add selected", () => act({ action: "extend", meld: n, cards: selectedCards() }), "extend");
      extend.disabled = !(sel.length && (!m.legal_complete || legalOf("extend").some((a) => a.meld === n && sameCards(a.cards, sel))));
      head.append(extend);
      const swappable = !m.legal_complete || legalOf("swap").some((a) => a.meld === n);
      if (laid.swap_out && swappable) {  // only where a card in hand could swap; the engine takes out swap_out
        const label = sel.length === 1 ? `Swap ${sel[0]} for ${laid.swap_out}` : `Swap a card for ${laid.swap_out}`;
        const swap = button(label, () => act({ action: "swap", meld: n, card: selectedCards()[0] }), "swap");
        swap.disabled = !(sel.length === 1 && (!m.legal_complete || legalOf("swap").some((a) => a.meld === n && a.card === sel[0])));
        head.append(swap);
      }
    }
    const row = document.createElement("div"); row.className = "cards";
    laid.slots.forEach((s) => row.appendChild(cardSpan(s.card, s.stands_for === null ? "" : "= " + s.stands_for)));
    box.append(head, row);
    melds.appendChild(box);
  });
}
function drawHand(m) {
  const cards = hand(), inGroup = grouped();
  const legalDiscards = new Set(legalOf("discard").map((a) => a.card));
  $("hand").replaceChildren(...cards.map((c, k) => {
    const el = document.createElement("button"); el.className = "card"; el.appendChild(cardImg(c));
    el.dataset.card = c; el.dataset.index = k;
    if (legalDiscards.has(c)) el.dataset.legalDiscard = "true";
    if (selected.includes(k)) el.classList.add("selected");
    if (inGroup.has(k)) { el.classList.add("grouped"); el.disabled = true; }
    el.onclick = () => { selected = selected.includes(k) ? selected.filter((x) => x !== k) : [...selected, k]; draw(); };
    return el;
  }));
  $("sort").textContent = bySet ? "Sort by run" : "Sort by set";
}
function drawGroups(playing) {
  const box = $("groups"); box.replaceChildren();
  if (!playing || !groups.length) return;
  box.append("Melds to lay: ");
  groupCards().forEach((g, n) => { const s = document.createElement("span"); s.className = "group"; s.textContent = `${n + 1}: ${g.join(" ")}`; box.append(s); });
  if (verdict && !checks) {
    const s = document.createElement("span"); s.id = "verdict";
    s.className = verdict.ok ? "verdict-ok" : "verdict-bad"; s.textContent = (verdict.ok ? "✓ " : "✗ ") + verdict.message;
    box.append(s);
  }
}
function drawWays(m, meeting) {
  const box = $("ways"); box.replaceChildren();
  if (!meeting || !m.ways.total) return;
  box.append(m.ways.total === 1 ? "One way to meet the minimum: " : `${m.ways.total} ways to meet the minimum, fewest wildcards first: `);
  const shown = showAllWays ? m.ways.melds : m.ways.melds.slice(0, 4);
  shown.forEach((melds) => box.appendChild(button(melds.map((x) => x.join(" ")).join(" / "), () => act({ action: "meld", melds }), "meet")));
  const more = m.ways.total - shown.length;
  if (more > 0 && !showAllWays && m.ways.melds.length > shown.length) box.appendChild(button(`${more} more...`, () => { showAllWays = true; draw(); }, "more"));
  else if (more > 0) box.append(` (${more} more not listed: group the cards by hand)`);
}
function drawCalls(m) {
  const box = $("calls"); box.replaceChildren();
  if (!m.calls.length || !callsOpen) return;
  box.append(`Rummy! on ${m.view.discard}: `);
  m.calls.forEach((c) => box.appendChild(button(`${c.swap ? "swap into" : "add to"} meld ${c.meld + 1}, give ${c.substitute}`, () => { callsOpen = false; act(c); }, "call-choice")));
}
function winnersOf(m) {
  if (m.view.phase !== "game_over") return [];
  const live = m.seats.map((s, k) => k).filter((k) => !m.view.left[k]);
  const pool = live.length ? live : m.seats.map((s, k) => k);
  const best = Math.min(...pool.map((k) => m.seats[k].total));
  return pool.filter((k) => m.seats[k].total === best);
}
function row(cells, tag, cls) {
  const tr = document.createElement("tr"); if (cls) tr.className = cls;
  cells.forEach((t) => { const td = document.createElement(tag); td.textContent = t; tr.appendChild(td); });
  return tr;
}
function drawSeats(m, winners) {
  const v = m.view, over = v.phase === "round_over" || v.phase === "game_over";
  const rows = [row(["Seat", "Cards", "Score", "Met", ""], "th")];
  m.seats.forEach((s, k) => {
    const penalty = v.penalties[k] && !over ? ` (incl. ${v.penalties[k]} penalty)` : "";
    const where = s.presence === "waiting" ? `waiting for ${s.name}` : PRESENCE[s.presence];
    rows.push(row([s.name + (k === v.seat && s.name !== "You" ? " (you)" : ""), String(v.hand_sizes[k]), String(s.total) + penalty,
      v.met[k] ? "met" : "", where], "td", winners.includes(k) ? "winner" : k === v.current ? "current" : ""));
  });
  $("scores").replaceChildren(...rows);
}
// The round in which each seat left the game, from the public events.
function leftIn(v) {
  const found = {}; let round = 0;
  v.events.forEach((e) => { if (e.event === "round_started") round = e.round; if (e.event === "seat_left") found[e.seat] = round; });
  return found;
}
function drawSheet(m, winners) {
  const v = m.view, gone = leftIn(v);
  $("sheet-box").hidden = !v.results.length;
  if (!v.results.length) return;
  const rows = [row(["Round", ...v.names], "th")];
  v.results.forEach((r) => rows.push(row([`${r.round + 1} (${r.difficulty})`, ...r.points.map((p, k) =>
    gone[k] !== undefined && r.round >= gone[k] ? "left"
      : `${p}${r.winner === k ? " ★" : ""}${r.met[k] ? "" : " ✗"}${r.errors[k] ? ` (${r.errors[k]} err)` : ""}`)], "td")));
  rows.push(row(["Total", ...m.seats.map((s, k) => `${s.total}${gone[k] !== undefined ? " (left)" : winners.includes(k) ? " winner" : ""}`)], "th"));
  $("sheet").replaceChildren(...rows);
}
function drawInvites(m) {
  $("invite").hidden = !m.invites.length;
  $("links").replaceChildren(...m.invites.map((i) => {
    const url = location.origin + i.link, line = document.createElement("div"); line.className = "invite";
    const field = document.createElement("input"); field.readOnly = true; field.value = url; field.className = "link";
    field.setAttribute("aria-label", `Link for ${i.name}`);
    const copy = button("Copy", () => copyLink(field, copy), "copy");
    const label = document.createElement("span"); label.textContent = `${i.name}: `;
    line.append(label, field, copy);
    return line;
  }));
}
async function copyLink(field, copy) {
  field.select();
  let done = false;
  try { await navigator.clipboard.writeText(field.value); done = true; } catch (e) { done = document.execCommand && document.execCommand("copy"); }
  copy.textContent = done ? "Copied" : "Select and copy";
  setTimeout(() => { copy.textContent = "Copy"; }, 2000);
}

function requestVerdict() {
  clearTimeout(checkTimer);
  regrouped();
  const melds = groupCards();
  if (selected.length) melds.push(selectedCards());
  if (!melds.length) return;
  const v = last.view;
  checkTimer = setTimeout(() => {
    if (melds.length === 1 && v.met[v.seat] && melds[0].length < 3) return;
    if (send({ type: "check", action: { action: "meld", melds } })) checks += 1;
  }, 150);
}
// The countdowns: the call window (who may still answer) and the turn time.
const clock = (s) => (s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` : `${s} s`);
function tickTimers() {
  clearInterval(countdown);
  if (windowEnds === null && turnEnds === null) return;
  const paint = () => {
    const m = last, v = m.view, now = Date.now(), out = [];
    const names = (seats) => seats.map((s) => (s === v.seat ? "you" : v.names[s])).join(", ");
    if (windowEnds !== null) {
      const left = Math.max(0, Math.ceil((windowEnds - now) / 1000));
      if (left > 0) out.push([`Rummy! may be called on ${v.discard}: ${clock(left)} (waiting for ${names(m.call_waiting)})`, "info countdown"]);
    }
    if (turnEnds !== null) {
      const left = Math.max(0, Math.ceil((turnEnds - now) / 1000));
      const whose = v.phase === "round_over" ? "The next round starts" : v.current === v.seat ? "Your turn: a bot plays it" : `${v.names[v.current]}'s turn: a bot plays it`;
      if (left > 0) out.push([`${whose} in ${clock(left)}`, "info countdown"]);
    }
    show([...lines.filter((x) => !x[1].startsWith("info")), ...out]);
    if (!out.length) clearInterval(countdown);
  };
  paint(); countdown = setInterval(paint, 500);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.onopen = () => {
    checks = 0;  // a check asked on the socket before is answered on no other
    socket.send(JSON.stringify({ table: params.get("table"), seat: Number(params.get("seat")), token: params.get("token") }));
  };
  socket.onmessage = (event) => {
    const m = JSON.parse(event.data);
    window.hellsrummyMessages.push(event.data);
    if (m.type === "error") { acted = false; show([...lines.filter((x) => x[1].startsWith("info")), [m.message, "error"]]); return; }
    if (m.type === "verdict") { checks = Math.max(0, checks - 1); if (!checks) verdict = m; if (last) draw(); return; }
    retry = 0;
    const turned = last && (last.view.current !== m.view.current || last.view.phase !== m.view.phase);
    const changed = !last || last.view.hand.join() !== m.view.hand.join();
    if (turned || changed || acted) { selected = []; groups = []; verdict = null; showAllWays = false; }
    acted = false;
    if (!m.calls.length) callsOpen = false;
    last = m;
    windowEnds = m.call_window ? Date.now() + m.call_window * 1000 : null;
    turnEnds = m.turn_time ? Date.now() + m.turn_time * 1000 : null;
    draw();
    if (m.seq === 1) show(lines.filter((x) => x[1] !== "error"));  // (re)connected: "connection lost" goes
    if (m.notices.length) show(m.notices.map((t) => [t, "notice"]));
    else if (turned || changed) show([]);
    tickTimers();
    document.body.dataset.ready = "true";
  };
  socket.onclose = (event) => {
    document.body.dataset.ready = "false";
    if (event.code === 4403 || event.code === 4400 || event.code === 4410) { invalidate(); return; }
    if (event.code === 4000) { takenOver(); return; }
    if (leaving || invalid) return;
    const delay = Math.min(10000, 500 * 2 ** retry++) * (0.75 + Math.random() / 2);
    show([[`Connection lost; reconnecting in ${Math.round(delay / 1000)} s... (your seat is kept for a while)`, "error"]]);
    setTimeout(connect, delay);
  };
}
// Another page took this seat: say so, and offer to take it back here.
function takenOver() {
  clearInterval(countdown);
  show([["This seat was opened in another page (or tab); this page no longer plays it.", "error"]]);
  $("taken-over").hidden = false;
  $("status").textContent = "Playing in another page";
}
function invalidate() {
  invalid = true; document.body.classList.add("invalid");
  for (const el of document.querySelectorAll("#panel button, #board button, #panel input")) el.disabled = true;
  const a = document.createElement("a"); a.href = "/"; a.textContent = "Start a new table"; a.style.color = "#fff";
  const s = document.createElement("span"); s.className = "error";
  s.append("This link is not valid (or its table has expired). ", a);
  $("message").replaceChildren(s);
  $("status").textContent = "Invalid link";
}

$("take").onclick = () => act({ action: "take" });
$("pass").onclick = () => act({ action: "pass" });
$("rummy").onclick = () => { callsOpen = !callsOpen; draw(); };
$("no-call").onclick = () => { callsOpen = false; send({ type: "no_call" }); };
$("take-back").onclick = () => { $("taken-over").hidden = true; retry = 0; last = null; connect(); };
$("next-round").onclick = () => send({ type: "next_round" });
$("new-game").onclick = () => send({ type: "new_game" });
$("discard-selected").onclick = () => act({ action: "discard", card: selectedCards()[0] });
$("new-group").onclick = () => { groups.push(selected); selected = []; requestVerdict(); draw(); };
$("clear-groups").onclick = () => { clearTimeout(checkTimer); groups = []; regrouped(); draw(); };
$("lay").onclick = () => {
  const melds = groupCards(); if (selected.length) melds.push(selectedCards());
  act({ action: "meld", melds });
};
$("protection").onchange = (e) => act({ action: "protection", seat: last.view.seat, on: e.target.checked });
$("sort").onclick = () => { bySet = !bySet; selected = []; groups = []; regrouped(); draw(); };
$("leave").onclick = () => { $("leave-confirm").hidden = false; draw(); };
$("leave-no").onclick = () => { $("leave-confirm").hidden = true; draw(); };
$("leave-yes").onclick = () => { $("leave-confirm").hidden = true; act({ action: "leave", seat: last.view.seat }); };
$("hand").addEventListener("click", () => { if (groups.length) requestVerdict(); });
$("options").onsubmit = async (event) => {
  event.preventDefault();
  const friends = $("friends").value.split(",").map((s) => s.trim()).filter(Boolean);
  const body = { name: $("name").value, players: Number($("players").value), humans: Number($("humans").value),
    names: friends, rounds: Number($("rounds").value), discard_policy: $("policy").value, expert: $("expert").checked,
    call_time: Number($("call-time").value), turn_time: Number($("turn-time").value) };
  $("setup-error").textContent = "";
  let reply, data;
  try {
    reply = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    data = await reply.json();
  } catch (e) { $("setup-error").textContent = "The server could not be reached; try again."; return; }
  if (!reply.ok) { $("setup-error").textContent = data.error; return; }  // (a 429 or 503 says when to try again)
  location.hash = data.links[0].slice(2); location.reload();
};

if (params.get("token")) {
  $("game").style.display = "flex";
  connect();
} else {
  $("setup").style.display = "block";
}
