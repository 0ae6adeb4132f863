// The page: choose a puzzle, set up a board (clicks or text), ask the API, draw the answer
// in SVG and step through it. Plain JavaScript, no build step, nothing fetched but the API.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

// ---- The puzzles: how a board is read, written, drawn, edited and recognised as solved.

/** Tokens of a board: split at spaces or commas, or one character each when compact. */
function tokens(text) {
  const trimmed = text.trim();
  return /[\s,]/.test(trimmed) ? trimmed.split(/[\s,]+/) : Array.from(trimmed);
}

/** A sliding-tile puzzle of `size` by `size`: cells hold 0 (the blank) to size*size-1. */
function tiles(size, blank) {
  const count = size * size;
  return {
    kind: 'tiles', size,
    parse(text) {
      const words = tokens(text);
      const radix = words.length === count && /^[0-9a-f]+$/i.test(text.trim()) && size === 4 ? 16 : 10;
      const cells = words.map((w) => (w.toLowerCase() === 'x' ? 0 : parseInt(w, radix)));
      const seen = new Set(cells);
      const ok = cells.length === count && seen.size === count && cells.every((c) => c >= 0 && c < count);
      return ok ? cells : null;
    },
    format(cells, compact) {
      const words = cells.map((c) => (c === 0 ? blank : String(c)));
      return compact ? words.join(size === 3 ? '' : ',') : words.join(' ');
    },
    goal() { return Array.from({ length: count }, (_, i) => (i + 1) % count); },
    isGoal(cells) { return cells.every((c, i) => c === (i + 1) % count); },
  };
}

/** The rotation game's 24 cells on its # shaped board, as (column, row) in a 7 by 7 grid. */
const ROTATION_CELLS = [[2, 0], [4, 0], [2, 1], [4, 1], [0, 2], [1, 2], [2, 2], [3, 2], [4, 2], [5, 2], [6, 2],
  [2, 3], [4, 3], [0, 4], [1, 4], [2, 4], [3, 4], [4, 4], [5, 4], [6, 4], [2, 5], [4, 5], [2, 6], [4, 6]];
const ROTATION_CENTRE = [6, 7, 8, 11, 12, 15, 16, 17];
/** Where each move's letter stands: A and B pull their columns up, C and D push their rows right, ... */
const ROTATION_MOVES = { A: [2, -1], B: [4, -1], C: [7, 2], D: [7, 4], E: [4, 7], F: [2, 7], G: [-1, 4], H: [-1, 2] };

const rotation = {
  kind: 'rotation',
  parse(text) {
    const cells = tokens(text);
    return cells.length === 24 && cells.every((c) => /^[123]$/.test(c)) ? cells.map(Number) : null;
  },
  format(cells, compact) { return cells.join(compact ? '' : ' '); },
  goal() { return ROTATION_CELLS.map((_, i) => (ROTATION_CENTRE.includes(i) ? 1 : 2 + (i % 2))); },
  isGoal(cells) { return ROTATION_CENTRE.every((i) => cells[i] === cells[ROTATION_CENTRE[0]]); },
};

/** The cubic eight-puzzle's pattern: nine top colours, W R B, and E for the empty cell. */
const cubic = {
  kind: 'cubic',
  parse(text) {
    const cells = text.toUpperCase().replace(/[\s,/]+/g, '').split('');
    return cells.length === 9 && cells.every((c) => 'WRBE'.includes(c)) ? cells : null;
  },
  format(cells, compact) {
    const rows = [0, 3, 6].map((i) => cells.slice(i, i + 3).join(''));
    return rows.join(compact ? '' : ' ');
  },
  startState(start) {
    const [x, y] = start.split(',').map(Number);
    return Array.from({ length: 9 }, (_, i) => (i === (y - 1) * 3 + (x - 1) ? 'E' : 'W'));
  },
  isGoal(cells, pattern) { return pattern !== null && cells.join('') === pattern.join(''); },
};

/** A cube's 54 facelets, faces U R F D L B each row by row; the centres name the colours. */
const FACES = 'URFDLB';
const FACE_COLOURS = { U: '#f4f4f4', R: '#d7263d', F: '#1b9e4b', D: '#ffd23f', L: '#f08a24', B: '#1e5fc9' };
/** Each face's place in the net, in facelet widths. */
const NET = { U: [3, 0], L: [0, 3], F: [3, 3], R: [6, 3], B: [9, 3], D: [3, 6] };

const cube = {
  kind: 'cube',
  parse(text) {
    const letters = text.replace(/\s+/g, '');
    return letters.length === 54 && /^[A-Za-z]+$/.test(letters) ? letters.split('') : null;
  },
  format(cells) { return cells.join(''); },
  goal() { return Array.from(FACES).flatMap((f) => Array(9).fill(f)); },
  isGoal(cells) { return FACES.split('').every((_, f) => cells.slice(f * 9, f * 9 + 9).every((c) => c === cells[f * 9 + 4])); },
};

const PUZZLES = {
  eight: { name: 'Eight', title: 'Eight puzzle', model: tiles(3, 'x'), example: '2 3 4 1 5 x 7 6 8',
    movesNote: 'u d l r: the way the blank travels.',
    label: 'Board: 9 cells row by row, x for the blank' },
  fifteen: { name: 'Fifteen', title: 'Fifteen puzzle', model: tiles(4, '0'), example: '2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15',
    movesNote: 'U D L R: the way the blank travels.',
    label: 'Board: 16 cells row by row, 0 for the blank' },
  rotation: { name: 'Rotation', title: 'Rotation game', model: rotation,
    example: '1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3', movesNote: 'A to H: the line that turns, as the letters stand on the board.',
    label: 'Board: 24 symbols (1, 2, 3) top to bottom' },
  cubic: { name: 'Cubic', title: 'Cubic eight-puzzle', model: cubic, example: 'RBW RWW EWW', start: '2,1',
    movesNote: 'u d l r: the way a cube rolls into the empty cell.',
    label: 'Wanted top colours: 3 rows of W, R, B and one E (empty)' },
  cube: { name: 'Cube', title: "Rubik's cube", model: cube, example: "R U R' U2 F2 D L B'",
    movesNote: 'Standard notation: a face turned clockwise, \' anticlockwise, 2 twice.',
    label: 'Scramble (R U F2 ...) or 54 facelets (faces U R F D L B)' },
  'magic-cube': { name: 'Magic cube', title: 'Magic cube (within 12 quarter turns)', model: cube, example: "R U F'",
    movesNote: 'Quarter turns: a face turned clockwise, \' anticlockwise.',
    label: 'Scramble (R U F2 ...) or 54 facelets (faces U R F D L B)' },
};

// ---- The page's state, and the URL that shares it.

const state = {
  puzzle: 'eight',
  text: '', // the board as the API gets it: a board, a pattern, facelets or a scramble
  start: '2,1',
  metric: 'htm',
  optimal: false,
  answer: null,
  error: null,
  loading: false,
  step: 0,
  swapping: false,
  picked: null,
  paint: 'U',
  timer: null,
  request: null,
};

const puzzle = () => PUZZLES[state.puzzle];
const model = () => puzzle().model;
const isCube = () => model().kind === 'cube';
/** A cube's text is a scramble unless it is 54 letters alone. */
const isScramble = () => isCube() && cube.parse(state.text) === null && !/^[A-Za-z]{40,}$/.test(state.text.trim());

/** A query value: percent-encoded, but spaces as `+` and commas left as they are. */
const encode = (value) => encodeURIComponent(value).replace(/%2C/gi, ',').replace(/%20/g, '+');

/** The query string of the current board: for the API the board as written; for the shared
 * URL (`forUrl`) the puzzle too, and the board in its compact form when it reads. */
function query(forUrl) {
  const params = [];
  if (forUrl) params.push(['puzzle', state.puzzle]);
  const name = isCube() ? (isScramble() ? 'scramble' : 'facelets') : 'board';
  const cells = forUrl && !isScramble() ? model().parse(state.text) : null;
  params.push([name, cells === null ? state.text : model().format(cells, true)]);
  if (state.puzzle === 'cubic') params.push(['start', state.start]);
  if (state.puzzle === 'cube' && state.metric !== 'htm') params.push(['metric', state.metric]);
  if (state.puzzle === 'cube' && state.optimal) params.push(['optimal', 'true']);
  return params.map(([key, value]) => `${key}=${encode(value)}`).join('&');
}

/** Reads the puzzle and board from the URL, falling back to each puzzle's example. */
function readUrl() {
  const params = new URLSearchParams(location.search);
  const label = params.get('puzzle');
  state.puzzle = label !== null && Object.hasOwn(PUZZLES, label) ? label : 'eight';
  const text = params.get('board') ?? params.get('facelets') ?? params.get('scramble');
  state.text = text ?? puzzle().example;
  state.start = params.get('start') ?? puzzle().start ?? '2,1';
  state.metric = params.get('metric') === 'qtm' ? 'qtm' : 'htm';
  state.optimal = params.get('optimal') === 'true';
}

// ---- Asking the API.

/** Asks for the answer of the current board; a newer question cancels an older one. */
async function ask() {
  if (state.request) state.request.abort();
  const request = new AbortController();
  state.request = request;
  history.replaceState(null, '', '/?' + query(true));
  $('api-link').href = `/api/v1/${state.puzzle}?${query(false)}`;
  stopPlaying();
  Object.assign(state, { answer: null, error: null, loading: true, step: 0 });
  render();
  try {
    const response = await fetch(`/api/v1/${state.puzzle}?${query(false)}`, { signal: request.signal });
    const body = await response.json();
    // An answer that arrives after a newer question was asked is no longer wanted.
    if (state.request !== request) return;
    if (response.ok) state.answer = body;
    else state.error = body.error ?? `the server answered ${response.status}`;
  } catch (error) {
    if (error.name === 'AbortError') return;
    state.error = `no answer from the server: ${error.message}`;
  }
  state.loading = false;
  render();
}

/** Sets a new board, shows it in the text field and asks; `visit` (a followed move) adds
 * it to the history, so Back returns to the board before. */
function setBoard(text, visit = false) {
  state.text = text;
  state.picked = null;
  if (visit) history.pushState(null, '', '/?' + query(true));
  $('board-input').value = text;
  ask();
}

// ---- What is shown: the board at the current step.

/** The answer's steps, each `{move, state}`; none without an answer. */
const steps = () => (state.answer && state.answer.steps) || [];

/** The board as entered, as cells (a scramble's cube from the answer's facelets). */
function enteredCells() {
  if (isScramble()) return state.answer && state.answer.facelets ? cube.parse(state.answer.facelets) : null;
  if (state.puzzle === 'cubic') return cubic.startState(state.start);
  return model().parse(state.text);
}

/** The cells drawn: the entered board at step 0, else the state after the step's move. */
function shownCells() {
  if (state.step === 0) return enteredCells();
  return model().parse(steps()[state.step - 1].state);
}

/** Whether the drawn board is solved: the goal, or for cubic the wanted pattern. */
function shownIsSolved(cells) {
  if (cells === null) return false;
  if (state.puzzle === 'cubic') return cubic.isGoal(cells, cubic.parse(state.text));
  return model().isGoal(cells);
}

// ---- Drawing.

function node(name, attributes, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

/** A tile puzzle: one group per tile, moved by a CSS transform so that steps animate. */
function drawTiles(svg, cells) {
  const { size } = model();
  svg.setAttribute('viewBox', `0 0 ${size * 100} ${size * 100}`);
  if (svg.dataset.drawn !== state.puzzle) {
    svg.replaceChildren(node('rect', { class: 'frame', width: size * 100, height: size * 100, rx: 10 }));
    for (let value = 1; value < size * size; value++) {
      const tile = node('g', { class: 'tile', 'data-tile': value });
      tile.append(node('rect', { x: 4, y: 4, width: 92, height: 92, rx: 12 }),
        node('text', { x: 50, y: 52, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, value));
      svg.append(tile);
    }
    svg.dataset.drawn = state.puzzle;
  }
  cells.forEach((value, index) => {
    if (value === 0) return;
    const tile = svg.querySelector(`[data-tile="${value}"]`);
    tile.style.transform = `translate(${(index % size) * 100}px, ${Math.floor(index / size) * 100}px)`;
    tile.dataset.cell = index;
    tile.classList.toggle('home', value === index + 1);
    tile.classList.toggle('picked', state.picked === index);
  });
}

/** The rotation game: 24 cells, the centre outlined, each move's letter a button. */
function drawRotation(svg, cells) {
  svg.setAttribute('viewBox', '-110 -110 920 920');
  svg.replaceChildren();
  svg.dataset.drawn = 'rotation';
  svg.append(node('rect', { class: 'centre', x: 195, y: 195, width: 310, height: 310, rx: 14 }));
  cells.forEach((value, index) => {
    const [x, y] = ROTATION_CELLS[index];
    const cell = node('g', { class: `spot s${value}`, 'data-cell': index });
    cell.append(node('circle', { cx: x * 100 + 50, cy: y * 100 + 50, r: 42 }),
      node('text', { x: x * 100 + 50, y: y * 100 + 52, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, value));
    svg.append(cell);
  });
  for (const [letter, [x, y]] of Object.entries(ROTATION_MOVES)) {
    const label = node('text', { class: 'move-label', 'data-move': letter, x: x * 100 + 50, y: y * 100 + 52,
      'text-anchor': 'middle', 'dominant-baseline': 'central' }, letter);
    svg.append(label);
  }
}

const CUBIC_COLOURS = { W: '#f4f4f4', R: '#d7263d', B: '#1e5fc9' };

/** The cubic puzzle: the 3 by 3 board's top colours; the start cell marked. */
function drawCubic(svg, cells) {
  svg.setAttribute('viewBox', '0 0 300 300');
  svg.replaceChildren();
  svg.dataset.drawn = 'cubic';
  svg.append(node('rect', { class: 'frame', width: 300, height: 300, rx: 10 }));
  cells.forEach((value, index) => {
    const [x, y] = [(index % 3) * 100, Math.floor(index / 3) * 100];
    const cell = node('g', { class: 'cubie', 'data-cell': index });
    if (value !== 'E') {
      cell.append(node('rect', { x: x + 6, y: y + 6, width: 88, height: 88, rx: 10, fill: CUBIC_COLOURS[value] }),
        node('text', { x: x + 50, y: y + 52, 'text-anchor': 'middle', 'dominant-baseline': 'central',
          class: value === 'W' ? 'dark' : '' }, value));
    } else {
      cell.append(node('rect', { class: 'empty', x: x + 6, y: y + 6, width: 88, height: 88, rx: 10 }));
    }
    svg.append(cell);
  });
}

/** A cube's net: U above F; L F R B in a row; D below. Colours by the centres' letters. */
function drawCube(svg, cells) {
  svg.setAttribute('viewBox', '-5 -5 1210 910');
  svg.replaceChildren();
  svg.dataset.drawn = 'cube';
  const colourOf = {};
  FACES.split('').forEach((face, f) => { colourOf[cells[f * 9 + 4]] = FACE_COLOURS[face]; });
  FACES.split('').forEach((face, f) => {
    const [fx, fy] = NET[face];
    for (let i = 0; i < 9; i++) {
      const index = f * 9 + i;
      const letter = cells[index];
      const x = (fx + (i % 3)) * 100;
      const y = (fy + Math.floor(i / 3)) * 100;
      const sticker = node('g', { class: i === 4 ? 'facelet centre-facelet' : 'facelet', 'data-cell': index });
      sticker.append(node('rect', { x: x + 4, y: y + 4, width: 92, height: 92, rx: 10, fill: colourOf[letter] ?? '#888' }));
      if (i === 4 || !(letter in colourOf)) {
        sticker.append(node('text', { x: x + 50, y: y + 52, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, letter));
      }
      svg.append(sticker);
    }
  });
}

const DRAW = { tiles: drawTiles, rotation: drawRotation, cubic: drawCubic, cube: drawCube };

// ---- Editing by clicking.

/** A tile next to the blank slides into it; in swap mode two clicked tiles change places. */
function clickTile(cells, index) {
  if (state.swapping) {
    if (state.picked === null) {
      state.picked = index;
      render();
      return null;
    }
    const next = cells.slice();
    [next[state.picked], next[index]] = [next[index], next[state.picked]];
    return next;
  }
  const { size } = model();
  const blank = cells.indexOf(0);
  const [row, col, brow, bcol] = [Math.floor(index / size), index % size, Math.floor(blank / size), blank % size];
  if (Math.abs(row - brow) + Math.abs(col - bcol) !== 1) return null;
  const next = cells.slice();
  [next[blank], next[index]] = [next[index], 0];
  return next;
}

/** What a click on cell `index` of the drawn board makes of it, or null for nothing. */
function clicked(cells, index) {
  switch (model().kind) {
    case 'tiles': return clickTile(cells, index);
    case 'rotation': return cells.map((v, i) => (i === index ? (v % 3) + 1 : v));
    case 'cubic': {
      const order = 'WRBE';
      return cells.map((v, i) => (i === index ? order[(order.indexOf(v) + 1) % 4] : v));
    }
    case 'cube': {
      if (index % 9 === 4) return null;
      const letter = cells[FACES.indexOf(state.paint) * 9 + 4];
      return cells.map((v, i) => (i === index ? letter : v));
    }
    default: return null;
  }
}

function onDrawingClick(event) {
  const move = event.target.closest('[data-move]');
  if (move) {
    goToChild(move.dataset.move);
    return;
  }
  const target = event.target.closest('[data-cell]');
  // Cubic: the walk is drawn, the wanted pattern beside it is what clicks edit.
  if (!target || state.puzzle === 'cubic') return;
  editCell(shownCells(), Number(target.dataset.cell));
}

function onPatternClick(event) {
  const target = event.target.closest('[data-cell]');
  if (target) editCell(cubic.parse(state.text), Number(target.dataset.cell));
}

/** A click on cell `index` of `base`: the new board is asked about. */
function editCell(base, index) {
  if (base === null) return;
  const next = clicked(base, index);
  if (next !== null) setBoard(model().format(next, false));
}

/** Follows the child whose move is `letter`, when the answer has it. */
function goToChild(letter) {
  const child = state.answer && (state.answer.children || []).find((c) => c.move === letter);
  if (child) setBoard(child.board, true);
}

// ---- Rendering everything from the state.

function render() {
  const entry = puzzle();
  // Where the page is, for scripts and tests: loading, answered, refused.
  document.body.dataset.state = state.loading ? 'loading' : state.error !== null ? 'refused' : 'answered';
  document.title = `${entry.title}: puzzle-tables`;
  for (const button of $('puzzles').children) {
    button.setAttribute('aria-current', button.dataset.puzzle === state.puzzle ? 'page' : 'false');
  }
  $('board-label').textContent = entry.label;
  $('start-field').hidden = state.puzzle !== 'cubic';
  $('metric-field').hidden = state.puzzle !== 'cube';
  $('optimal-field').hidden = state.puzzle !== 'cube';
  $('edit').hidden = model().kind !== 'tiles';
  $('edit').setAttribute('aria-pressed', String(state.swapping));
  $('palette').hidden = !isCube();
  for (const swatch of $('palette').children) swatch.setAttribute('aria-checked', String(swatch.dataset.face === state.paint));
  $('input-kind').hidden = !isCube();
  $('input-kind').textContent = isCube() ? (isScramble() ? 'read as a scramble' : 'read as facelets') : '';
  $('hint').textContent = hintOf();
  renderDrawing();
  renderAnswer();
}

const isOptimalSearch = () => state.puzzle === 'cube' && state.optimal;

function hintOf() {
  switch (model().kind) {
    case 'tiles': return state.swapping ? 'Click two tiles to swap them.' : 'Click a tile next to the blank to slide it.';
    case 'rotation': return 'Click a cell to change its symbol; click a letter to make that move.';
    case 'cubic': return 'Click a cell of the wanted pattern to change its colour (W, R, B, E); every cube starts white on top.';
    default: return 'Pick a colour, then click facelets to paint them (centres stay).';
  }
}

function renderDrawing() {
  const pattern = state.puzzle === 'cubic' ? cubic.parse(state.text) : null;
  $('pattern-wrap').hidden = pattern === null;
  if (pattern !== null) drawCubic($('pattern'), pattern);
  const svg = $('drawing');
  const cells = shownCells();
  const wrap = $('drawing-wrap');
  wrap.classList.toggle('invalid', cells === null || state.error !== null);
  if (cells === null) {
    svg.replaceChildren();
    svg.dataset.drawn = '';
  } else {
    DRAW[model().kind](svg, cells);
  }
  const solved = shownIsSolved(cells);
  wrap.classList.toggle('solved', solved);
  const verdict = $('verdict');
  verdict.dataset.solved = String(solved);
  if (state.error !== null) verdict.textContent = 'Not solved: the board is refused.';
  else if (state.loading) verdict.textContent = isOptimalSearch() ? 'Searching for a proven-optimal solution…' : 'Thinking…';
  else if (solved) verdict.textContent = state.puzzle === 'cubic' ? 'Solved: the pattern is made.' : 'Solved.';
  else if (state.puzzle === 'cubic' && state.step === 0) verdict.textContent = `The start: every cube white on top, ${state.start} empty.`;
  else verdict.textContent = toGo();
  const total = steps().length;
  $('step-count').textContent = total ? `move ${state.step} of ${total}` : '';
  for (const id of ['first', 'prev']) $(id).disabled = state.step === 0;
  for (const id of ['next', 'last', 'play']) $(id).disabled = state.step >= total && !(id === 'play' && total);
  $('play').textContent = state.timer ? 'Pause' : 'Play';
}

/** How far the drawn board is, when the answer says. */
function toGo() {
  const answer = state.answer;
  if (!answer) return '';
  const left = steps().length - state.step;
  if (answer.budget_exhausted) return `Not solved within the search budget: at least ${answer.at_least} moves.`;
  if (answer.solvable === false) return 'Unsolvable: no moves reach the goal.';
  if (answer.moves === null || answer.moves === undefined) return 'No answer for this board.';
  return `${left} move${left === 1 ? '' : 's'} to go.`;
}

/** The headline: the distance, or what is known instead. */
function headline(answer) {
  if (state.puzzle === 'cube') {
    const turns = `${answer.metric === 'qtm' ? 'quarter' : 'face'} turns`;
    const exact = answer.optimal === true ? ', proven the fewest'
      : answer.optimal === false ? ` (the best found in the time allowed; the fewest are at least ${answer.at_least})`
      : answer.distance !== null ? `; the fewest quarter turns are ${answer.distance}` : ' (a two-phase answer, not proven the fewest)';
    return [`${answer.length}`, turns + exact];
  }
  if (answer.distance !== null && answer.distance !== undefined) return [`${answer.distance}`, answer.distance === 1 ? 'move, the fewest' : 'moves, the fewest'];
  if (answer.solvable === false) return ['∞', 'unsolvable: no moves reach the goal'];
  if (answer.at_least !== undefined && answer.at_least !== null) return [`≥ ${answer.at_least}`, 'moves (the search budget ran out)'];
  if (answer.more_than !== undefined && answer.more_than !== null) return [`> ${answer.more_than}`, 'moves (beyond the table)'];
  return ['?', 'no answer'];
}

function renderAnswer() {
  const error = $('error');
  error.hidden = state.error === null;
  error.textContent = state.error === null ? '' : state.error;
  $('answer').hidden = state.error !== null;
  $('answer').classList.toggle('loading', state.loading);
  const answer = state.answer;
  if (!answer) {
    $('distance').textContent = state.loading ? '…' : '';
    $('distance-note').textContent = '';
    $('moves').replaceChildren();
    $('moves-note').textContent = '';
    $('children').replaceChildren();
    $('children-note').textContent = '';
    return;
  }
  const [big, note] = headline(answer);
  $('distance').textContent = big;
  $('distance-note').textContent = note;
  renderMoves();
  $('moves-note').textContent = steps().length ? puzzle().movesNote : '';
  renderChildren(answer.children || []);
}

function renderMoves() {
  const list = $('moves');
  list.replaceChildren();
  steps().forEach((step, i) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = step.move;
    button.title = `after move ${i + 1}: ${step.state}`;
    button.className = i + 1 === state.step ? 'current' : i + 1 < state.step ? 'done' : '';
    button.addEventListener('click', () => goToStep(i + 1));
    item.append(button);
    list.append(item);
  });
}

/** A child's outcome as a number and a word: exact, or bounded. */
function outcome(child) {
  if (child.distance !== null) return `${child.distance}`;
  if (child.at_least !== undefined && child.at_most !== undefined) return `${child.at_least}–${child.at_most}`;
  if (child.at_least !== undefined) return `≥ ${child.at_least}`;
  if (child.at_most !== undefined) return `≤ ${child.at_most}`;
  return '∞';
}

/** Best first: optimal moves, then by distance (or its bound), unknown last. */
function childOrder(a, b) {
  const key = (c) => [c.optimal ? 0 : 1, c.distance ?? c.at_least ?? c.at_most ?? Infinity];
  const [ka, kb] = [key(a), key(b)];
  return ka[0] - kb[0] || ka[1] - kb[1];
}

function renderChildren(children) {
  const list = $('children');
  list.replaceChildren();
  // A cube's `distance` counts quarter turns; its proven-optimal length is in the children's metric.
  const parent = state.answer.optimal === true ? state.answer.length : state.answer.distance ?? null;
  const followable = state.puzzle !== 'cubic';
  $('children-note').textContent = state.puzzle === 'cubic'
    ? 'Each roll from the start and how far the pattern is after it.'
    : 'Each legal move, the board it leads to and that board\'s distance; click one to go there.';
  if (!state.answer.children) {
    $('children-note').textContent = state.answer.budget_exhausted
      ? 'The search budget ran out before the moves could be weighed.' : 'The server gave no moves for this board.';
  }
  children.slice().sort(childOrder).forEach((child) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.disabled = !followable;
    const worse = parent !== null && child.distance !== null && child.distance > parent;
    button.className = child.optimal ? 'optimal' : worse ? 'worse' : 'other';
    button.dataset.move = child.move;
    const move = document.createElement('span');
    move.className = 'child-move';
    move.textContent = child.move;
    const board = document.createElement('span');
    board.className = 'child-board';
    board.textContent = child.board;
    const far = document.createElement('span');
    far.className = 'child-distance';
    far.textContent = outcome(child);
    far.title = child.optimal ? 'on an optimal path' : 'not on an optimal path';
    button.append(move, board, far);
    button.addEventListener('click', () => setBoard(child.board, true));
    item.append(button);
    list.append(item);
  });
}

// ---- Stepping and playing.

function goToStep(step) {
  state.step = Math.max(0, Math.min(step, steps().length));
  if (state.step >= steps().length) stopPlaying();
  render();
}

function stopPlaying() {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}

function togglePlay() {
  if (state.timer) {
    stopPlaying();
    render();
    return;
  }
  if (!steps().length) return;
  if (state.step >= steps().length) state.step = 0;
  state.timer = setInterval(() => goToStep(state.step + 1), 450);
  goToStep(state.step + 1);
}

// ---- Wiring.

function choosePuzzle(label) {
  if (label === state.puzzle) return;
  state.puzzle = label;
  state.text = puzzle().example;
  state.start = puzzle().start ?? state.start;
  state.swapping = false;
  $('board-input').value = state.text;
  $('start').value = state.start;
  history.pushState(null, '', '/?' + query(true));
  ask();
}

function buildControls() {
  for (const [label, entry] of Object.entries(PUZZLES)) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.puzzle = label;
    button.textContent = entry.name;
    button.title = entry.title;
    button.addEventListener('click', () => choosePuzzle(label));
    $('puzzles').append(button);
  }
  for (let y = 1; y <= 3; y++) {
    for (let x = 1; x <= 3; x++) $('start').append(new Option(`${x},${y}`, `${x},${y}`));
  }
  for (const face of FACES) {
    const swatch = document.createElement('button');
    swatch.type = 'button';
    swatch.setAttribute('role', 'radio');
    swatch.dataset.face = face;
    swatch.style.background = FACE_COLOURS[face];
    swatch.textContent = face;
    swatch.title = `paint ${face}`;
    swatch.addEventListener('click', () => { state.paint = face; render(); });
    $('palette').append(swatch);
  }
}

function wire() {
  $('board-form').addEventListener('submit', (event) => {
    event.preventDefault();
    setBoard($('board-input').value.trim());
  });
  $('start').addEventListener('change', () => {
    state.start = $('start').value;
    ask();
  });
  $('metric').addEventListener('change', () => {
    state.metric = $('metric').value;
    ask();
  });
  $('optimal').addEventListener('change', () => {
    state.optimal = $('optimal').checked;
    ask();
  });
  $('edit').addEventListener('click', () => {
    state.swapping = !state.swapping;
    state.picked = null;
    render();
  });
  $('reset').addEventListener('click', () => {
    const goal = state.puzzle === 'cubic' ? cubic.startState(state.start) : model().goal();
    setBoard(model().format(goal, false));
  });
  $('drawing').addEventListener('click', onDrawingClick);
  $('pattern').addEventListener('click', onPatternClick);
  $('first').addEventListener('click', () => goToStep(0));
  $('prev').addEventListener('click', () => goToStep(state.step - 1));
  $('next').addEventListener('click', () => goToStep(state.step + 1));
  $('last').addEventListener('click', () => goToStep(steps().length));
  $('play').addEventListener('click', togglePlay);
  document.addEventListener('keydown', onKey);
  window.addEventListener('popstate', () => {
    readUrl();
    $('board-input').value = state.text;
    ask();
  });
}

/** Keys step the answer, unless a text field has them. */
function onKey(event) {
  const focused = document.activeElement.tagName;
  const typing = ['INPUT', 'SELECT', 'TEXTAREA'].includes(focused);
  // Space and Enter on a focused button press that button.
  const pressing = focused === 'BUTTON' && (event.key === ' ' || event.key === 'Enter');
  if (typing || pressing || event.ctrlKey || event.metaKey || event.altKey) return;
  const keys = {
    ArrowRight: () => goToStep(state.step + 1),
    ArrowLeft: () => goToStep(state.step - 1),
    Home: () => goToStep(0),
    End: () => goToStep(steps().length),
    ' ': togglePlay,
    '/': () => $('board-input').focus(),
  };
  const action = keys[event.key];
  if (action) {
    event.preventDefault();
    action();
  }
}

// ---- Puzzles from definitions: the tables the server's directory holds, by name.

/** Lists the defined puzzles the server answers; the panel stays hidden when there are none. */
async function loadDefinitions() {
  let listed = [];
  try {
    const response = await fetch('/api/v1/definitions');
    if (response.ok) listed = await response.json();
  } catch (error) {
    return;
  }
  for (const puzzle of listed) {
    const patterns = puzzle.patterns_per_distance.reduce((sum, count) => sum + count, 0);
    const option = document.createElement('option');
    option.value = puzzle.name;
    option.textContent = `${puzzle.name}: ${patterns.toLocaleString('en')} patterns, ${puzzle.metric}`;
    $('definition-name').append(option);
  }
  $('definitions-panel').hidden = listed.length === 0;
}

/** Asks for the chosen defined puzzle's answer to the typed scramble, every optimal one counted. */
async function solveDefinition(event) {
  event.preventDefault();
  const panel = $('definitions-panel');
  panel.dataset.state = 'loading';
  const name = encodeURIComponent($('definition-name').value);
  const scramble = encodeURIComponent($('definition-scramble').value);
  let response;
  let body;
  try {
    response = await fetch(`/api/v1/definitions/${name}?scramble=${scramble}&all=10`);
    body = await response.json();
  } catch (error) {
    body = { error: `no answer from the server: ${error.message}` };
  }
  $('definition-children').replaceChildren();
  if (!response || !response.ok) {
    $('definition-distance').textContent = '';
    $('definition-moves').textContent = body.error ?? `the server answered ${response.status}`;
    $('definition-note').textContent = '';
    panel.dataset.state = 'refused';
    return;
  }
  $('definition-distance').textContent = String(body.distance);
  $('definition-moves').textContent = body.moves || '(solved)';
  const turned = body.rotation ? `Turned first as a whole: ${body.rotation}. ` : '';
  const count = body.all.count;
  $('definition-note').textContent = `${turned}${count.toLocaleString('en')} optimal solution${count === 1 ? '' : 's'}.`;
  for (const child of body.children) {
    const item = document.createElement('li');
    const distance = child.distance === null ? 'never reached' : `${child.distance} away`;
    item.textContent = `${child.move}: ${distance}${child.optimal ? ' (on an optimal path)' : ''}`;
    $('definition-children').append(item);
  }
  panel.dataset.state = 'answered';
}

$('definition-form').addEventListener('submit', solveDefinition);
loadDefinitions();
buildControls();
wire();
readUrl();
$('board-input').value = state.text;
$('start').value = state.start;
$('metric').value = state.metric;
$('optimal').checked = state.optimal;
ask();
