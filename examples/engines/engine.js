#!/usr/bin/env node
// casino-proofs example engine (JavaScript, Node 20, no dependencies).
//
// Settles the craps wagers of s. 95.15 and 95.16 and ranks Pai Gow Poker hands per s. 40 of
// Québec's By-law respecting casino games (chapter S-13.1, r. 3, version 2012-09-01), and
// speaks the JSON-lines engine protocol of docs/engine-protocol.md on stdin/stdout.
//
// Written only from docs/engine-protocol.md, the regulation's text and conventions
// (regulation/{craps,paigow,conventions,readings}.toml) and the seed pages.
// Clause IDs (r3-95.15-1.s2, r3-40-7, ...) and convention IDs (conv-...) are cited where they
// decide something. Every reading takes its DEFAULT value; the engine lists no readings.
//
//   node engine.js [--fault NAME ...] [--names]
//
//   --names        rank answers {"strength": INT, "combination": NAME} instead of INT
//   --compare-only an evaluator with only compare(a, b): the hello says "ranking": "compare",
//                  rank is refused, compare answers -1, 0 or 1 per pair of hands
//   --fault NAME   switch on a deliberate vendor bug (see FAULTS below); repeatable
'use strict';

// ---------------------------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------------------------

const FAULTS = {
  'dont-bar-2': 'Don\'t Pass / Don\'t Come bar 2 instead of 12 on their come-out roll',
  'wheel-lowest': 'the straight A-2-3-4-5 ranks lowest instead of second highest',
  'joker-wild': 'the joker is fully wild instead of an ace or a straight/flush completer',
  'come-odds-working': 'Come odds work on a come-out roll without the player saying so',
};

function parseArguments(argv) {
  const options = { faults: [], names: false, compareOnly: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--names') {
      options.names = true;
    } else if (argv[i] === '--compare-only') {
      options.compareOnly = true;
    } else if (argv[i] === '--fault' && Object.hasOwn(FAULTS, argv[i + 1] || '')) {
      i++;
      if (!options.faults.includes(argv[i])) options.faults.push(argv[i]);
    } else {
      const what = argv[i] === '--fault'
        ? `fault ${JSON.stringify(argv[i + 1] || '')}`
        : `argument ${JSON.stringify(argv[i])}`;
      const faults = Object.entries(FAULTS).map(([name, bug]) => `  ${name}: ${bug}\n`).join('');
      process.stderr.write(`unknown ${what}\nusage: node engine.js [--fault NAME ...] [--names]\n` +
                           `faults:\n${faults}`);
      process.exit(2);
    }
  }
  return options;
}

const OPTIONS = parseArguments(process.argv.slice(2));
const FAULT = {
  dontBar2: OPTIONS.faults.includes('dont-bar-2'),
  wheelLowest: OPTIONS.faults.includes('wheel-lowest'),
  jokerWild: OPTIONS.faults.includes('joker-wild'),
  comeOddsWorking: OPTIONS.faults.includes('come-odds-working'),
};

// ---------------------------------------------------------------------------------------------
// Exact nets (conv-odds-net, reading odds-notation=to: "X to Y" nets +X/Y, a loss -1)
// ---------------------------------------------------------------------------------------------

function gcd(a, b) {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The reduced fraction string "n/d", or "n" when d divides n. */
function fraction(n, d) {
  const g = gcd(n, d) || 1;
  n /= g;
  d /= g;
  if (d < 0) [n, d] = [-n, -d];
  return d === 1 ? String(n) : `${n}/${d}`;
}

const win = (x, y = 1) => ({ decision: 'win', net: fraction(x, y), point: null });
const lose = () => ({ decision: 'lose', net: '-1', point: null });
const push = () => ({ decision: 'push', net: '0', point: null });
const noDecision = (point) => ({ decision: 'none', net: '0', point });

// ---------------------------------------------------------------------------------------------
// Craps: the wagers (default readings)
// ---------------------------------------------------------------------------------------------

// Hard Ways odds: double 2 / double 5 at 7 to 1 (r3-95.15-1.s3, reading hard-ways-payout=either),
// double 3 / double 4 at 9 to 1 (r3-95.15-1.s4).
const HARD_WAY_ODDS = { 4: 7, 6: 9, 8: 9, 10: 7 };

/** Hard Ways on N, r3-95.15-1. */
function hardWay(n) {
  return (state, d1, d2) => {
    // r3-95.15-1.s6: "not applicable during a first turn unless indicated otherwise by the
    // player"; a first turn is every come-out roll (conv-first-turn-is-come-out, reading
    // first-turn=every-come-out), and not applicable is no decision at all, a 7 included
    // (reading hard-ways-off=off). `working` is the player's call, which stays with the wager
    // (conv-call-stands).
    if (state.come_out && !state.working) return noDecision(null);
    const total = d1 + d2;
    if (total === n && d1 === d2) return win(HARD_WAY_ODDS[n]);   // r3-95.15-1.s1
    // r3-95.15-1.s2: a 7, or N the easy way (reading hard-ways-loss=easy-way).
    if (total === 7 || total === n) return lose();
    return noDecision(null);                                       // inconclusive (s5)
  };
}

// The odds of the wager that wins on one total alone: Craps 2 (r3-95.15-5.s2), Craps 3
// (r3-95.15-6.s2), Any 7 (r3-95.15-2.s2), 11 (r3-95.15-3.s2), Craps 12 (r3-95.15-7.s2).
const SINGLE_TOTAL_ODDS = { 2: 30, 3: 15, 7: 4, 11: 15, 12: 30 };

/** A one-roll wager that wins on any of `totals` at `odds` to 1 and loses otherwise. */
function oneRoll(totals, odds) {
  return (state, d1, d2) => (totals.includes(d1 + d2) ? win(odds) : lose());
}

/**
 * Horn, World, 3-Way Craps (r3-95.15-8, -10, -11): "paid in the same manner as Multiple
 * Chances wagers, which are winners with the total obtained". Reading combined-payout=split,
 * combined-basis=single-total: the stake is split evenly over the k totals covered, the share
 * on the rolled total wins at that total's single-total odds, the k-1 other shares lose:
 * net = (odds - (k - 1)) / k.
 */
function combined(totals) {
  const k = totals.length;
  return (state, d1, d2) => {
    const total = d1 + d2;
    return totals.includes(total) ? win(SINGLE_TOTAL_ODDS[total] - (k - 1), k) : lose();
  };
}

/**
 * Hop on A and B, r3-95.15-9 (reading hop-call=combination: the call is the two dice, in
 * either order). 30 to 1 when the dice are a pair, 15 to 1 otherwise (r3-95.15-9.s2).
 */
function hop(a, b) {
  return (state, d1, d2) => {
    const called = (d1 === a && d2 === b) || (d1 === b && d2 === a);
    return called ? win(a === b ? 30 : 15) : lose();
  };
}

/**
 * The come-out roll of a Single Chance wager: the table's come-out roll for Pass and Don't
 * Pass, the roll after placing for Come and Don't Come (conv-single-chance-pass, -dont-pass,
 * -come, -dont-come). Even money.
 */
function lineComeOut(dont, total) {
  if (!dont) {
    if (total === 7 || total === 11) return win(1);
    if (total === 2 || total === 3 || total === 12) return lose();
    return noDecision(total);
  }
  // Reading dont-bar=12 (12 is the standoff, 2 wins) and dont-standoff=no-decision.
  const barred = FAULT.dontBar2 ? 2 : 12;
  if (total === barred) return noDecision(null);
  if (total === 2 || total === 3 || total === 12) return win(1);
  if (total === 7 || total === 11) return lose();
  return noDecision(total);
}

/** A Single Chance wager with a point: the point wins (loses if dont), 7 loses (wins). */
function linePoint(dont, point, total) {
  if (total === point) return dont ? lose() : win(1);
  if (total === 7) return dont ? win(1) : lose();
  return noDecision(point);
}

/** Pass, Don't Pass, Come, Don't Come (the conventions conv-single-chance-*). */
function line(dont) {
  return (state, d1, d2) => (state.point === null
    ? lineComeOut(dont, d1 + d2)
    : linePoint(dont, state.point, d1 + d2));
}

// Odds by point: Pass (r3-95.16-1.s4) and Don't Pass (r3-95.16-2.s4) Associate Chances.
const RIGHT_ODDS = { 4: [2, 1], 10: [2, 1], 5: [3, 2], 9: [3, 2], 6: [6, 5], 8: [6, 5] };
const WRONG_ODDS = { 4: [1, 2], 10: [1, 2], 5: [2, 3], 9: [2, 3], 6: [5, 6], 8: [5, 6] };

/**
 * An Associate Chance that follows its Single Chance wager with a point: Pass odds win on the
 * point and lose on 7 (r3-95.16-1.s2), Don't Pass odds the reverse (r3-95.16-2.s2); Come and
 * Don't Come odds likewise (r3-95.16-3.s2, r3-95.16-4.s2). Any other total "is considered a
 * push" (r3-95.16-1.s3, -2.s3), read as no decision (reading associate-push=no-decision).
 */
function odds(dont) {
  const table = dont ? WRONG_ODDS : RIGHT_ODDS;
  return (state, d1, d2) => {
    const total = d1 + d2;
    const point = state.point;
    if (total === (dont ? 7 : point)) return win(...table[point]);
    if (total === (dont ? point : 7)) return lose();
    return noDecision(point);
  };
}

/**
 * Come Associate Chance, r3-95.16-3: "not active during a come out roll unless otherwise
 * indicated by the player" (s3). When the inactive come-out roll decides the Come wager (its
 * point or 7) the odds are returned (conv-inactive-odds-returned, reading
 * inactive-odds=returned); any other total leaves them on the table. The player's call that
 * they work stays with them (conv-call-stands). Fault come-odds-working: always working.
 */
function comeOdds() {
  const active = odds(false);
  return (state, d1, d2) => {
    const working = state.working || FAULT.comeOddsWorking;
    if (!state.come_out || working) return active(state, d1, d2);
    const total = d1 + d2;
    return total === state.point || total === 7 ? push() : noDecision(state.point);
  };
}

// ---------------------------------------------------------------------------------------------
// Craps: the domain (docs/engine-protocol.md, "The domain"), under the default readings.
// Each check returns the reason to refuse the state, or null when the state can occur.
// ---------------------------------------------------------------------------------------------

const noPoint = (s) => (s.point !== null ? 'has no point' : null);
const notWorking = (s) => (s.working ? 'takes no working call' : null);

const DOMAIN = {
  // Hard Ways: no point; any come-out flag; any working call.
  hard: (s) => noPoint(s),
  // One-roll wagers: no point, no working call (reading any-time=always-working).
  oneRoll: (s) => noPoint(s) || notWorking(s),
  // Pass, Don't Pass: a come-out roll with no point, or a point off the come-out roll.
  passLine: (s) => notWorking(s) ||
    (s.come_out === (s.point === null) ? null
      : s.come_out ? 'has no point on a come-out roll' : 'needs a point off the come-out roll'),
  // Come, Don't Come: placed off a come-out roll (conv-single-chance-come), then a come point
  // on any roll that is not a new shooter's first.
  comeLine: (s) => notWorking(s) ||
    (s.point === null
      ? (s.come_out ? 'is not placed on a come-out roll' : null)
      : (s.first_roll ? 'has no come point on a new shooter\'s first roll' : null)),
  // Pass and Don't Pass odds: a point, off the come-out roll (r3-95.16-intro.s1).
  passOdds: (s) => notWorking(s) ||
    (s.point === null ? 'needs a point' : s.come_out ? 'is not on a come-out roll' : null),
  // Come odds: a come point, not on a new shooter's first roll; any working call (95.16 (3)).
  comeOdds: (s) => (s.point === null ? 'needs a come point'
    : s.first_roll ? 'has no come point on a new shooter\'s first roll' : null),
  // Don't Come odds: as the Come odds, but no working call (reading come-out-scope=come-only).
  dontComeOdds: (s) => notWorking(s) || DOMAIN.comeOdds(s),
};

/** Every wager of the protocol: name -> [domain check, settlement]. */
function buildWagers() {
  const wagers = new Map();
  for (const n of [4, 6, 8, 10]) wagers.set(`hard-${n}`, [DOMAIN.hard, hardWay(n)]);
  wagers.set('any-7', [DOMAIN.oneRoll, oneRoll([7], 4)]);              // r3-95.15-2
  wagers.set('eleven', [DOMAIN.oneRoll, oneRoll([11], 15)]);           // r3-95.15-3
  wagers.set('any-craps', [DOMAIN.oneRoll, oneRoll([2, 3, 12], 7)]);   // r3-95.15-4
  wagers.set('craps-2', [DOMAIN.oneRoll, oneRoll([2], 30)]);           // r3-95.15-5
  wagers.set('craps-3', [DOMAIN.oneRoll, oneRoll([3], 15)]);           // r3-95.15-6
  wagers.set('craps-12', [DOMAIN.oneRoll, oneRoll([12], 30)]);         // r3-95.15-7
  wagers.set('horn', [DOMAIN.oneRoll, combined([2, 3, 11, 12])]);      // r3-95.15-8
  for (let a = 1; a <= 6; a++) {                                       // r3-95.15-9
    for (let b = a; b <= 6; b++) wagers.set(`hop-${a}-${b}`, [DOMAIN.oneRoll, hop(a, b)]);
  }
  wagers.set('world', [DOMAIN.oneRoll, combined([2, 3, 7, 11, 12])]);  // r3-95.15-10
  wagers.set('three-way-craps', [DOMAIN.oneRoll, combined([2, 3, 12])]); // r3-95.15-11
  wagers.set('pass', [DOMAIN.passLine, line(false)]);
  wagers.set('dont-pass', [DOMAIN.passLine, line(true)]);
  wagers.set('come', [DOMAIN.comeLine, line(false)]);
  wagers.set('dont-come', [DOMAIN.comeLine, line(true)]);
  wagers.set('pass-odds', [DOMAIN.passOdds, odds(false)]);             // r3-95.16-1
  wagers.set('dont-pass-odds', [DOMAIN.passOdds, odds(true)]);         // r3-95.16-2
  wagers.set('come-odds', [DOMAIN.comeOdds, comeOdds()]);              // r3-95.16-3
  wagers.set('dont-come-odds', [DOMAIN.dontComeOdds, odds(true)]);     // r3-95.16-4
  return wagers;
}

const WAGERS = buildWagers();
const POINTS = [4, 5, 6, 8, 9, 10];

const isObject = (x) => typeof x === 'object' && x !== null && !Array.isArray(x);
const isDie = (x) => Number.isInteger(x) && x >= 1 && x <= 6;

/** The reason an item is outside the state universe of the protocol page, or null. */
function universeError(item) {
  if (!isObject(item)) return 'an item is an object with wager, state and roll';
  if (!WAGERS.has(item.wager)) return `unknown wager ${JSON.stringify(item.wager)}`;
  const s = item.state;
  if (!isObject(s)) return 'state must be an object';
  for (const flag of ['come_out', 'working', 'first_roll']) {
    if (typeof s[flag] !== 'boolean') return `state.${flag} must be true or false`;
  }
  if (s.point !== null && !POINTS.includes(s.point)) {
    return 'point must be null, 4, 5, 6, 8, 9 or 10';
  }
  if (s.first_roll && !s.come_out) return 'first_roll is only on a come-out roll';
  const r = item.roll;
  if (!Array.isArray(r) || r.length !== 2 || !isDie(r[0]) || !isDie(r[1])) {
    return 'roll must be two dice, each an integer 1 to 6';
  }
  return null;
}

/** One settle item: a settlement, or {"error": ...} for an input that cannot occur. */
function settleItem(item) {
  const bad = universeError(item);
  if (bad) return { error: bad };
  const [domain, settle] = WAGERS.get(item.wager);
  const reason = domain(item.state);
  if (reason) return { error: `${item.wager} ${reason}` };
  return settle(item.state, item.roll[0], item.roll[1]);
}

// ---------------------------------------------------------------------------------------------
// Pai Gow Poker: strengths (s. 40). A strength packs the combination and up to five tiebreak
// ranks (each 2..15) into one integer, 4 bits per rank: higher is better.
// ---------------------------------------------------------------------------------------------

const COMBINATIONS = ['no-combination', 'pair', 'two-pairs', 'three-of-a-kind', 'straight',
  'flush', 'full-house', 'four-of-a-kind', 'straight-flush', 'royal-flush', 'five-aces'];
const [NO_COMBINATION, PAIR, TWO_PAIRS, THREE, STRAIGHT, FLUSH, FULL_HOUSE, FOUR,
  STRAIGHT_FLUSH, ROYAL_FLUSH, FIVE_ACES] = COMBINATIONS.keys();
const CATEGORY_UNIT = 16 ** 5;
const ACE = 14;
const WHEEL_TOP = 5; // the top card of A-2-3-4-5 when the ace plays low

/** Pack a combination and its tiebreak ranks (most significant first). */
function pack(category, ranks) {
  let value = category;
  for (let i = 0; i < 5; i++) value = value * 16 + (ranks[i] || 0);
  return value;
}

const combinationOf = (strength) => Math.floor(strength / CATEGORY_UNIT);

/** The top card of a straight, given five distinct ranks sorted high to low, or 0. */
function straightTop(sorted) {
  if (sorted[0] - sorted[4] === 4) return sorted[0];
  if (sorted[0] === ACE && sorted[1] === 5) return WHEEL_TOP; // A-5-4-3-2
  return 0;
}

/**
 * Tiebreak of a straight flush (r3-40-3.s2): A-2-3-4-5 highest, then K-Q-J-T-9 down to
 * 6-5-4-3-2 lowest (A-K-Q-J-T is the royal flush, reading royal-flush=separate).
 */
const straightFlushKey = (top) => (top === WHEEL_TOP ? ACE : top);

/**
 * Tiebreak of a straight (r3-40-7.s1): A-K-Q-J-T highest, A-2-3-4-5 second, then K-Q-J-T-9
 * down to 6-5-4-3-2 lowest. Fault wheel-lowest puts A-2-3-4-5 below 6-5-4-3-2.
 */
function straightKey(top) {
  if (top === ACE) return ACE + 1;
  if (top === WHEEL_TOP) return FAULT.wheelLowest ? WHEEL_TOP : ACE;
  return top;
}

/**
 * The strength of five ranks (2..14; the joker already given its value) that are all of one
 * suit when `flush`. A hand counts as the highest combination it forms (conv-highest-combination);
 * within a combination, the ranks that form it, then the other cards from the highest
 * (conv-tiebreak). Suits never rank.
 */
function evaluateFive(ranks, flush) {
  const sorted = ranks.slice().sort((a, b) => b - a);
  const groups = [];          // [count, rank], by count then rank, highest first
  for (const r of sorted) {
    const last = groups[groups.length - 1];
    if (last && last[1] === r) last[0]++;
    else groups.push([1, r]);
  }
  groups.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  const order = groups.map((g) => g[1]);
  const top = groups.length === 5 ? straightTop(sorted) : 0;

  if (groups[0][0] === 5) return pack(FIVE_ACES, []);        // r3-40-1 (only four aces + joker)
  if (flush && top === ACE) return pack(ROYAL_FLUSH, []);    // r3-40-2, all royal flushes tie
  if (flush && top) return pack(STRAIGHT_FLUSH, [straightFlushKey(top)]);  // r3-40-3
  if (groups[0][0] === 4) return pack(FOUR, order);          // r3-40-4
  if (groups[0][0] === 3 && groups[1][0] === 2) return pack(FULL_HOUSE, order); // r3-40-5
  if (flush) return pack(FLUSH, sorted);                     // r3-40-6, card by card
  if (top) return pack(STRAIGHT, [straightKey(top)]);        // r3-40-7
  if (groups[0][0] === 3) return pack(THREE, order);         // r3-40-8
  if (groups[0][0] === 2 && groups[1][0] === 2) return pack(TWO_PAIRS, order); // r3-40-9
  if (groups[0][0] === 2) return pack(PAIR, order);          // r3-40-10, pair-consisting=containing
  return pack(NO_COMBINATION, sorted);                       // conv-no-combination-lowest
}

/**
 * The strength of four ranks and the joker (suited: the four are of one suit). Reading
 * joker=ace-or-completes (conv-joker-ace-or-completes): the joker counts as an ace, or as a
 * card not in the hand that completes a straight, flush, straight flush or royal flush; it
 * takes the value that makes the highest hand (conv-joker-best). Fault joker-wild: it may be
 * any card not in the hand.
 */
function evaluateWithJoker(four, suited) {
  let best = 0;
  const count = (r) => four.filter((x) => x === r).length;
  for (let r = 2; r <= ACE; r++) {
    const strength = evaluateFive([...four, r], false);
    const allowed = r === ACE || combinationOf(strength) === STRAIGHT ||
      (FAULT.jokerWild && count(r) < 4);
    if (allowed) best = Math.max(best, strength);
  }
  if (suited) {  // the joker as the missing card of the suit: a flush or better
    for (let r = 2; r <= ACE; r++) {
      if (count(r) === 0) best = Math.max(best, evaluateFive([...four, r], true));
    }
  }
  return best;
}

/**
 * The strength of a two-card low hand (conv-low-hand, r3-40-10): a pair above two unpaired
 * cards; pairs by rank; otherwise the higher card, then the lower. The joker counts as an ace
 * (fault joker-wild: it pairs the other card).
 */
function evaluateTwo(r1, r2) {
  if (r1 === JOKER_RANK) r1 = FAULT.jokerWild ? r2 : ACE;
  if (r2 === JOKER_RANK) r2 = FAULT.jokerWild ? r1 : ACE;
  if (r1 === r2) return pack(PAIR, [r1]);
  return pack(NO_COMBINATION, [Math.max(r1, r2), Math.min(r1, r2)]);
}

// Strength caches, filled on first use and indexed by the ranks in the order given (base 13):
// PLAIN[flush][r0 r1 r2 r3 r4] for hands without the joker, WITH_JOKER[suited][r0 r1 r2 r3].
// Zero means not yet computed (every strength is positive).
const PLAIN = [new Int32Array(13 ** 5), new Int32Array(13 ** 5)];
const WITH_JOKER = [new Int32Array(13 ** 4), new Int32Array(13 ** 4)];

/** The ranks (2..14) of a base-13 cache index of `n` ranks. */
function ranksOfIndex(index, n) {
  const ranks = new Array(n);
  for (let i = n - 1; i >= 0; i--) {
    ranks[i] = (index % 13) + 2;
    index = Math.floor(index / 13);
  }
  return ranks;
}

function plainStrength(index, flush) {
  const cache = PLAIN[flush];
  return cache[index] || (cache[index] = evaluateFive(ranksOfIndex(index, 5), flush === 1));
}

function jokerStrength(index, suited) {
  const cache = WITH_JOKER[suited];
  return cache[index] || (cache[index] = evaluateWithJoker(ranksOfIndex(index, 4), suited === 1));
}

// ---------------------------------------------------------------------------------------------
// Pai Gow Poker: reading hands by char codes, without allocating
// ---------------------------------------------------------------------------------------------

const JOKER_RANK = 15;
const RANK_OF = new Int8Array(128);   // char code -> rank 2..14, 0 if not a rank
const SUIT_OF = new Int8Array(128).fill(-1);
'23456789TJQKA'.split('').forEach((c, i) => { RANK_OF[c.charCodeAt(0)] = i + 2; });
'cdhs'.split('').forEach((c, i) => { SUIT_OF[c.charCodeAt(0)] = i; });
const CODE_J = 'J'.charCodeAt(0);
const CODE_K = 'k'.charCodeAt(0);
const CODE_SPACE = 32;

const HAND_RANK = new Int8Array(5);   // the hand being read: ranks (JOKER_RANK for the joker)
const HAND_SUIT = new Int8Array(5);   // and suits (-1 for the joker)

/** Read the card at `at` of `hand` into slot i; false if it is not a card. */
function readCard(hand, at, i) {
  const rc = hand.charCodeAt(at);
  const sc = hand.charCodeAt(at + 1);
  if (rc === CODE_J && sc === CODE_K) {
    HAND_RANK[i] = JOKER_RANK;
    HAND_SUIT[i] = -1;
    return true;
  }
  if (rc >= 128 || sc >= 128 || RANK_OF[rc] === 0 || SUIT_OF[sc] < 0) return false;
  HAND_RANK[i] = RANK_OF[rc];
  HAND_SUIT[i] = SUIT_OF[sc];
  return true;
}

/** Read n cards separated by single spaces; an error answer, or null when they are all good. */
function readCards(hand, n) {
  for (let i = 0; i < n; i++) {
    if (i > 0 && hand.charCodeAt(3 * i - 1) !== CODE_SPACE) return ERROR_FORMAT;
    if (!readCard(hand, 3 * i, i)) return ERROR_CARD;
  }
  for (let i = 1; i < n; i++) {
    for (let j = 0; j < i; j++) {
      if (HAND_RANK[i] === HAND_RANK[j] && HAND_SUIT[i] === HAND_SUIT[j]) return ERROR_DUPLICATE;
    }
  }
  return null;
}

const errorAnswer = (reason) => JSON.stringify({ error: reason });
const ERROR_FORMAT = errorAnswer('a hand is five or two cards separated by single spaces');
const ERROR_CARD = errorAnswer('a card is a rank 2-9 T J Q K A and a suit c d h s, or Jk');
const ERROR_DUPLICATE = errorAnswer('a hand has the same card twice');

/** The strength of the five cards in HAND_RANK / HAND_SUIT. */
function strengthOfFive() {
  let index = 0;
  let suit = -2;       // the one suit of the non-joker cards, or -3 when they are mixed
  let joker = false;
  for (let i = 0; i < 5; i++) {
    const r = HAND_RANK[i];
    if (r === JOKER_RANK) {
      joker = true;
      continue;
    }
    index = index * 13 + (r - 2);
    const s = HAND_SUIT[i];
    suit = suit === -2 || suit === s ? s : -3;
  }
  const sameSuit = suit >= 0 ? 1 : 0;
  return joker ? jokerStrength(index, sameSuit) : plainStrength(index, sameSuit);
}

// The answer texts of --names, one per combination: prefix + strength + suffix.
const NAMED = COMBINATIONS.map((name) => [`{"strength":`, `,"combination":"${name}"}`]);

/** One rank item: a strength (a number, or its --names object as JSON text) or an error. */
function rankItem(hand) {
  if (typeof hand !== 'string') return ERROR_FORMAT;
  let strength;
  if (hand.length === 14) {
    const bad = readCards(hand, 5);
    if (bad) return bad;
    strength = strengthOfFive();
  } else if (hand.length === 5) {
    const bad = readCards(hand, 2);
    if (bad) return bad;
    strength = evaluateTwo(HAND_RANK[0], HAND_RANK[1]);
  } else {
    return ERROR_FORMAT;
  }
  if (!OPTIONS.names) return strength;
  const [prefix, suffix] = NAMED[combinationOf(strength)];
  return prefix + strength + suffix;
}

// ---------------------------------------------------------------------------------------------
// Protocol
// ---------------------------------------------------------------------------------------------

const HELLO = JSON.stringify({
  name: 'casino-proofs example engine (JavaScript)',
  version: '1.0.0' + OPTIONS.faults.map((f) => ` +fault:${f}`).join(''),
  games: ['craps', 'paigow'],
  wagers: [...WAGERS.keys()],
  ...(OPTIONS.compareOnly ? { ranking: 'compare' } : {}),
});

/** One compare item: the sign of the two hands' strengths (-1, 0, 1), or an error. */
function compareItem(pair) {
  if (!Array.isArray(pair) || pair.length !== 2) return ERROR_FORMAT;
  const saved = OPTIONS.names;
  OPTIONS.names = false;
  const a = rankItem(pair[0]);
  const b = rankItem(pair[1]);
  OPTIONS.names = saved;
  if (typeof a !== 'number') return a;
  if (typeof b !== 'number') return b;
  if (pair[0].length !== pair[1].length) return errorAnswer('hands of one size are compared');
  return a > b ? 1 : a < b ? -1 : 0;
}

/** The answer line (without "\n") to one request line, or null when the engine should exit. */
function answer(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (e) {
    return errorAnswer('the line is not JSON');
  }
  if (!isObject(request)) return errorAnswer('a request is a JSON object');
  switch (request.op) {
    case 'hello':
      if (request.protocol !== undefined && request.protocol !== 1) {
        return errorAnswer('this engine speaks protocol 1');
      }
      return HELLO;
    case 'settle':
      if (!Array.isArray(request.batch)) return errorAnswer('settle needs a batch (a list)');
      if (request.readings !== undefined) {  // never sent: the hello lists no readings
        return errorAnswer('this engine settles under the default readings only');
      }
      return JSON.stringify({ batch: request.batch.map(settleItem) });
    case 'compare': {
      if (!Array.isArray(request.batch)) return errorAnswer('compare needs a batch (a list)');
      return '{"batch":[' + request.batch.map(compareItem).join(',') + ']}';
    }
    case 'rank': {
      if (OPTIONS.compareOnly) return errorAnswer('this evaluator only compares hands');
      if (!Array.isArray(request.batch)) return errorAnswer('rank needs a batch (a list)');
      const batch = request.batch;
      const out = new Array(batch.length);
      for (let i = 0; i < batch.length; i++) out[i] = rankItem(batch[i]);
      return '{"batch":[' + out.join(',') + ']}';
    }
    case 'bye':
      return null;
    default:
      return errorAnswer(`unknown op ${JSON.stringify(request.op)}`);
  }
}

let waitingForDrain = false;

/** Answer one line; returns false once the engine is to exit. */
function handleLine(line) {
  if (line.trim() === '') return true;  // blank lines are not requests
  let reply;
  try {
    reply = answer(line);
  } catch (e) {
    process.stderr.write(`engine: ${e && e.stack ? e.stack : e}\n`);
    reply = errorAnswer('internal error');
  }
  if (reply === null) return false;
  if (!process.stdout.write(reply + '\n') && !waitingForDrain) {  // back-pressure
    waitingForDrain = true;
    process.stdin.pause();
    process.stdout.once('drain', () => {
      waitingForDrain = false;
      process.stdin.resume();
    });
  }
  return true;
}

function exit() {
  process.stdin.pause();
  process.stdout.write('', () => process.exit(0));
}

/** Read stdin in chunks, split lines ourselves (lines can be several hundred KB). */
function main() {
  const parts = [];
  let done = false;
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    let start = 0;
    let nl;
    while (!done && (nl = chunk.indexOf('\n', start)) !== -1) {
      parts.push(chunk.slice(start, nl));
      const line = parts.join('');
      parts.length = 0;
      start = nl + 1;
      if (!handleLine(line)) done = true;
    }
    if (done) return exit();
    if (start < chunk.length) parts.push(chunk.slice(start));
  });
  process.stdin.on('end', () => {
    if (done) return;
    if (parts.length) handleLine(parts.join(''));
    exit();
  });
  process.stdout.on('error', () => process.exit(0));  // the checker closed our output
}

main();
