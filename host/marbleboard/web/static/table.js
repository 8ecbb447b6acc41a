// The table screen: the board live, the seats, the log; with the table's own
// link (?t=...) also the lobby, the seats' QR codes, and clicks on a simulated board.
"use strict";

const token = params.get("t");
let board, root, last = null;

function words() {
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  if (last) show(last);
}

function lobby(payload) {
  const box = document.getElementById("lobby");
  box.hidden = !token || payload.state === "playing";
  if (box.hidden || box.dataset.built === LANG) return;
  box.dataset.built = LANG;
  const kinds = ["human", "bot:greedy", "bot:search", "bot:random"];
  const players = el("select", { id: "players" }, ...[2, 3, 4].map((n) => el("option", { value: n }, String(n))));
  players.value = "4";
  const seatBox = el("div", { id: "seat-kinds" });
  const names = { 2: ["red", "yellow"], 3: ["red", "blue", "yellow"], 4: ["red", "blue", "yellow", "green"] };
  function seats() {
    seatBox.replaceChildren(...names[players.value].map((name, i) => el("label", {},
      el("span", { class: "dot", style: `background:${board.seats[name]}` }), ` ${t(name)} `,
      el("select", { "data-seat": name }, ...kinds.map((k) => el("option", { value: k },
        k === "human" ? t("human") : k.slice(4)))), el("br"))));
    seatBox.querySelectorAll("select").forEach((s, i) => { s.value = i === 0 ? "human" : "bot:greedy"; });
  }
  players.addEventListener("change", seats);
  seats();
  const rules = { teams: true, partner_plays_on: true, seven_into_home: true, joker_into_home: true,
                  pass_home_entry: false };
  const ruleBox = el("div", { id: "rules" }, ...Object.entries(rules).map(([name, on]) => {
    const box = el("input", { type: "checkbox", "data-rule": name });
    box.checked = on;
    return el("label", {}, box, ` ${t(name)}`, el("br"));
  }));
  const error = el("p", { class: "error" });
  const start = el("button", { id: "start", on: { click: async () => {
    const chosen = [...seatBox.querySelectorAll("select")].map((s) => s.value);
    const picked = Object.fromEntries([...ruleBox.querySelectorAll("input")].map((b) => [b.dataset.rule, b.checked]));
    try { await post("/api/admin/start", { token, players: Number(players.value), seats: chosen, rules: picked }); error.textContent = ""; }
    catch (e) { error.textContent = e.message; }
  } } }, t("start"));
  box.replaceChildren(el("h2", {}, t("lobby")), el("label", {}, `${t("players")} `, players), seatBox,
                      el("h2", {}, t("rules")), ruleBox, start, error);
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
  document.getElementById("seats").replaceChildren(...(payload.seats || []).map((s) => el("tr", {},
    el("td", {}, el("span", { class: "dot", style: `background:${board.seats[s.seat]}` }), ` ${t(s.seat)}`),
    el("td", {}, s.kind === "human" ? `${t("human")} (${t("phones")}: ${s.phones})` : s.kind.slice(4)),
    el("td", {}, `${s.cards} ${t("cards")}`), el("td", {}, `${s.home}/4 ${t("home")}`))));
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
  });
}
main();
