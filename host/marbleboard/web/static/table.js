// The table screen: the board live, the seats, the log; with the table's own
// link (?t=...) also the lobby, the seats' QR codes, and clicks on a simulated board.
"use strict";

const token = params.get("t");
let board, root, last = null;
let offline = false;

function words() {
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  if (offline) banner(t("offline"));
  if (last) show(last);
}

// The lobby offers the games this board plays (the payload lists them), each
// with its player counts, its usual seats, the colours players may choose, and the
// rule choices it leaves open. Each colour is played by a person, a bot, or nobody.
function lobby(payload) {
  const box = document.getElementById("lobby");
  box.hidden = !token || payload.state === "playing" || !payload.games;
  if (box.hidden || box.dataset.built === LANG) return;
  box.dataset.built = LANG;
  const kinds = ["", "human", "bot:greedy", "bot:search", "bot:random"];
  const games = Object.fromEntries(payload.games.map((g) => [g.name, g]));
  const game = el("select", { id: "game" }, ...payload.games.map((g) => el("option", { value: g.name }, g.title)));
  game.value = payload.game && games[payload.game] ? payload.game : payload.games[0].name;
  const players = el("select", { id: "players" });
  const seatBox = el("div", { id: "seat-kinds" });
  const ruleBox = el("div", { id: "rules" });
  const playing = () => [...seatBox.querySelectorAll("select")].filter((s) => s.value);
  // A count of players: its usual seats are filled, the other colours left empty.
  function seats() {
    const g = games[game.value];
    const usual = g.seats[players.value];
    seatBox.replaceChildren(...g.colours[players.value].map((name) => el("label", {},
      el("span", { class: "dot", style: `background:${board.seats[name]}` }), ` ${t(name)} `,
      el("select", { "data-seat": name, on: { change: follow } }, ...kinds.map((k) => el("option", { value: k },
        k === "" ? t("nobody") : k === "human" ? t("human") : k.slice(4)))), el("br"))));
    seatBox.querySelectorAll("select").forEach((s) => {
      const i = usual.indexOf(s.dataset.seat);
      s.value = i < 0 ? "" : i === 0 ? "human" : "bot:greedy";
    });
  }
  // A colour taken or left: the count of players follows, when the game allows it.
  function follow() {
    const n = String(playing().length);
    if (games[game.value].players.includes(Number(n))) players.value = n;
  }
  function chooseGame() {
    const g = games[game.value];
    players.replaceChildren(...g.players.map((n) => el("option", { value: n }, String(n))));
    players.value = String(g.players.includes(4) ? 4 : g.players[g.players.length - 1]);
    ruleBox.replaceChildren(...Object.entries(g.rules).map(([name, on]) => {
      const check = el("input", { type: "checkbox", "data-rule": name });
      check.checked = on;
      return el("label", {}, check, ` ${t(name)}`, el("br"));
    }));
    seats();
  }
  game.addEventListener("change", chooseGame);
  players.addEventListener("change", seats);
  chooseGame();
  const error = el("p", { class: "error" });
  const start = el("button", { id: "start", on: { click: async () => {
    const chosen = playing();
    const picked = Object.fromEntries([...ruleBox.querySelectorAll("input")].map((b) => [b.dataset.rule, b.checked]));
    if (!chosen.length || !games[game.value].players.includes(chosen.length)) {
      error.textContent = errorText("players");
      return;
    }
    try {
      await post("/api/admin/start", { token, game: game.value, players: chosen.length, rules: picked,
                                       seats: chosen.map((s) => s.value), colours: chosen.map((s) => s.dataset.seat) });
      error.textContent = "";
    } catch (e) { error.textContent = e.message; }
  } } }, t("start"));
  box.replaceChildren(el("h2", {}, t("lobby")), el("label", {}, `${t("game")} `, game), el("br"),
                      el("label", {}, `${t("players")} `, players), el("h2", {}, t("colours")), seatBox,
                      el("h2", {}, t("rules")), ruleBox, start, error);
}

// What a game says of each seat (cards held, marbles home, progress), as words.
function seatFacts(s) {
  return Object.entries(s).filter(([k]) => !["seat", "kind", "phones", "forfeited"].includes(k))
    .map(([k, v]) => el("td", {}, k === "home" ? `${v}/4 ${t("home")}` : `${v} ${t(k)}`));
}

function show(payload) {
  last = payload;
  lobby(payload);
  paint(root, board, payload.holes || {});
  const status = document.getElementById("status");
  if (payload.state === "over") status.textContent = t("over", payload.winners.map(t).join(" + "));
  else if (payload.turn) status.textContent = t("turn", t(payload.turn));
  else status.textContent = payload.state === "lobby" ? t("waiting") : "";
  if (payload.mistakes) status.textContent += " — " + t("mistakes");
  showPublic(document.getElementById("public"), payload.public);
  document.getElementById("seats").replaceChildren(...(payload.seats || []).map((s) => el("tr", {},
    el("td", {}, el("span", { class: "dot", style: `background:${board.seats[s.seat]}` }), ` ${t(s.seat)}`),
    el("td", {}, s.kind === "human" ? `${t("human")} (${t("phones")}: ${s.phones})` : s.kind.slice(4)),
    ...seatFacts(s))));
  const links = document.getElementById("links");
  links.hidden = !payload.links || !Object.keys(payload.links).length;
  document.getElementById("qrs").replaceChildren(...Object.entries(payload.links || {}).map(([seat, link]) => {
    const box = el("div", { class: "qr" }, el("strong", {}, t(seat)));
    const img = el("div");
    img.innerHTML = link.qr;  // an SVG made by the server from the seat's own link
    box.append(img);
    if (link.code) box.append(el("span", { class: "code", "data-code": seat }, link.code));
    box.append(el("a", { href: link.url, target: "_blank" }, link.url));
    return box;
  }));
  const places = (payload.join || []).map((base) => base.replace(/^https?:\/\//, "") + "/join");
  const anyCode = Object.values(payload.links || {}).some((link) => link.code);
  document.getElementById("join-at").textContent =
    anyCode && places.length ? t("typeCode", places.join(` ${t("or")} `)) : "";
  document.getElementById("log").replaceChildren(...(payload.log || []).slice().reverse().map((l) => el("li", {}, l)));
  // Only games with hidden chance (a shuffled deck) publish commitments.
  document.getElementById("deck").hidden = !(payload.commitments || []).length;
  document.getElementById("commitments").replaceChildren(...(payload.commitments || []).map((c) => el("li", {}, c + "…")));
}

async function main() {
  board = await (await fetch("/api/board")).json();
  const clicks = token ? async (hole) => { if (last && last.simulated) await post("/api/sim/toggle", { token, hole }).catch(() => {}); } : null;
  root = drawBoard(document.getElementById("board"), board, clicks);
  document.getElementById("lang").append(langSwitch(words));
  words();
  live(token ? `t=${encodeURIComponent(token)}` : "", (p) => {
    document.body.classList.toggle("sim", Boolean(p.simulated && token));
    show(p);
  }, (state, why) => {
    offline = state === "offline";
    banner(offline ? t("offline") : state === "refused" ? t(why) : "");
  });
}
main();
