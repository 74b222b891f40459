// SPDX-License-Identifier: GPL-3.0-or-later
//
// A student in headless Chromium, on a phone-sized screen: joins the class
// session at URL with CODE, answers a word question right, one wrong (in
// hex), and a "which cell comes next?" question, and checks what the page
// shows each time.  The teacher is tests/web/test-class-browser.c, which
// reads the lines this script prints ("joined", "answered 1",
// "checked 1", ... "ended") and answers by asking, revealing and stopping.
//
//   node student-page.mjs URL CODE [SCREENSHOT-DIR]
//
// Exits 0 when everything looked right; prints "FAIL: ..." otherwise.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

const [url, code, shots] = process.argv.slice(2);
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const TIMEOUT_MS = 60000;

function step(line) {
  process.stdout.write(line + '\n');
}

function expect(what, actual, wanted) {
  if (actual !== wanted)
    throw new Error(`${what}: ${JSON.stringify(actual)}, wanted ${JSON.stringify(wanted)}`);
}

async function text(page, selector) {
  return (await page.locator(selector).textContent()).trim();
}

async function shoot(page, name) {
  if (shots)
    await page.screenshot({ path: join(shots, name), fullPage: true });
}

async function run(context) {
  const problems = [];
  const page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('console', (m) => {
    if (m.type() === 'error')
      problems.push('console: ' + m.text());
  });

  // The page speaks the language asked for.
  const fr = await context.newPage();
  await fr.goto(url + '?lang=fr');
  await fr.getByLabel('Ton nom').waitFor();
  await fr.getByRole('button', { name: 'Rejoindre' }).waitFor();
  await fr.close();

  // Join, with a name that would be markup anywhere it was not escaped.
  await page.goto(url);
  expect('language', await page.getAttribute('html', 'lang'), 'en');
  const name = 'Zoë <b>&amp;';
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Join code').fill(code);
  await page.getByRole('button', { name: 'Join' }).click();
  // The name comes isolated (U+2068 ... U+2069): a right-to-left name
  // cannot reorder the sentence.
  await page.getByText(`You joined as \u2068${name}\u2069.`, { exact: true }).waitFor();
  expect('markup from the name', await page.locator('#who b').count(), 0);
  expect('status', await text(page, '#status'), 'Wait for the teacher’s question.');
  await shoot(page, 'student-joined.png');

  // Three more students, each reading the page in another language: the
  // explanation of a wrong answer comes in each one's own.
  const others = [];
  for (const [lang, label, join, said] of [
    ['de', 'Dein Name', 'Beitreten', 'Sie haben Süden (4) verwendet, aber die Anweisung nennt Osten (2): N=1 E=2 S=4 W=8.'],
    ['fr', 'Ton nom', 'Rejoindre', 'Vous avez utilisé sud (4), mais l’instruction nomme est (2) : N=1 E=2 S=4 W=8.'],
    ['es', 'Tu nombre', 'Unirme', 'Usó sur (4), pero la instrucción nombra este (2): N=1 E=2 S=4 W=8.'],
  ]) {
    const other = await context.newPage();
    other.setDefaultTimeout(TIMEOUT_MS);
    other.on('pageerror', (e) => problems.push(lang + ' page error: ' + e.message));
    await other.goto(url + '?lang=' + lang);
    await other.getByLabel(label).fill('Student ' + lang);
    await other.locator('#code').fill(code);
    await other.getByRole('button', { name: join }).click();
    // (the labels and the button in the page's own language)
    await other.locator('#who').waitFor();
    others.push({ page: other, lang, said });
  }
  step('joined');

  // 1: maze[87] |= W << 8 on 0x0009, answered by tapping bit 11.
  await page.getByRole('heading', { name: 'What will the word be after this statement?' }).waitFor();
  expect('statement', await text(page, '#statement'), 'maze[87] |= W << 8;');
  expect('cell', await text(page, '#cell-title'), 'Cell (3, 5) · maze[87]');
  expect('word now', await text(page, '#now-hex'), '0x0009');
  expect('binary now', await text(page, '#now-bin'), '0000 0000 0000 1001');
  expect('bit buttons', await page.locator('#bits button').count(), 16);
  const bit11 = page.getByRole('button', { name: 'Bit 11, solution west' });
  expect('bit 11 before', await bit11.getAttribute('aria-pressed'), 'false');
  expect('bit 0 before', await page.getByRole('button', { name: 'Bit 0, passages north' })
    .getAttribute('aria-pressed'), 'true');
  await bit11.click();
  expect('bit 11 after', await bit11.getAttribute('aria-pressed'), 'true');
  expect('hex field', await page.getByLabel('Your answer in hex').inputValue(), '0x0809');
  await shoot(page, 'student-question.png');
  await page.getByRole('button', { name: 'Send Answer' }).click();
  await page.getByText('Answer sent: 0x0809. Wait for the reveal.').waitFor();
  expect('bits locked', await bit11.isDisabled(), true);
  step('answered 1');

  await page.getByText('Right! The word is 0x0809.').waitFor();
  expect('result', await page.getAttribute('#result', 'class'), 'result right');
  expect('no differing bits', await page.locator('#differ').isHidden(), true);
  await shoot(page, 'student-right.png');
  step('checked 1');

  // 2: maze[88] |= E << 12 on 0x0003, answered wrong in hex (bit 14).
  await page.getByText('maze[88] |= E << 12;').waitFor();
  const hex = page.getByLabel('Your answer in hex');
  expect('hex field', await hex.inputValue(), '0x0003');
  await hex.fill('4003');
  expect('bit 14 follows the field',
         await page.getByRole('button', { name: 'Bit 14, backtrack south' }).getAttribute('aria-pressed'),
         'true');
  await hex.press('Enter');
  await page.getByText('Answer sent: 0x4003. Wait for the reveal.').waitFor();
  for (const o of others) {
    await o.page.locator('#statement').getByText('maze[88] |= E << 12;').waitFor();
    await o.page.locator('#hex').fill('4003');
    await o.page.locator('#hex').press('Enter');
    await o.page.waitForFunction(() => document.querySelector('#send').disabled);
  }
  step('answered 2');

  await page.getByText('Not quite. The word is 0x2003, you answered 0x4003.').waitFor();
  expect('result', await page.getAttribute('#result', 'class'), 'result wrong');
  expect('differing bits', await text(page, '#differ'), 'Bits that differ: 14, 13.');
  expect('bits marked', await page.locator('#bits button.differs').count(), 2);
  expect('bit 13 marked', await page.locator('#bits button[data-bit="13"].differs').count(), 1);
  expect('binary marks', await page.locator('#yours-bin mark').count(), 2);
  expect('your binary', await text(page, '#yours-bin'), '0100 0000 0000 0011');
  expect('correct binary', await text(page, '#correct-bin'), '0010 0000 0000 0011');
  // why: S (4) where the statement names E (2), and what |= does
  expect('explanation shown', await page.locator('#explanation').isVisible(), true);
  expect('mistake', await page.getAttribute('#explanation', 'data-mistake'), 'wrong-direction');
  expect('why', await text(page, '#explanation .why'),
         'You used south (4), but the statement names east (2): N=1 E=2 S=4 W=8.');
  expect('meaning', await text(page, '#explanation .meaning'),
         'E is 0x2; << 12 moves it into the backtrack nibble, bits 12–15: the mask is 0x2000 ' +
         '(binary 0010 0000 0000 0000). |= sets the bits of the mask (13) and keeps the others: ' +
         '0x0003 becomes 0x2003.');
  await shoot(page, 'student-wrong.png');
  for (const o of others) {
    await o.page.locator('#explanation .why').waitFor();
    expect(o.lang + ' why', await text(o.page, '#explanation .why'), o.said);
    expect(o.lang + ' mistake', await o.page.getAttribute('#explanation', 'data-mistake'), 'wrong-direction');
    await shoot(o.page, 'student-wrong-' + o.lang + '.png');
    await o.page.close();
  }
  step('checked 2');

  // 3: which cell comes next?  Tap the frontier cell (5, 3).
  await page.getByRole('heading', { name: 'Which cell will the search visit next?' }).waitFor();
  expect('cells', await page.locator('#grid button').count(), 9);
  const cell = page.getByRole('button', { name: 'Cell (5, 3), waiting to be visited' });
  await cell.click();
  expect('cell chosen', await cell.getAttribute('aria-pressed'), 'true');
  await shoot(page, 'student-cell.png');
  await page.getByRole('button', { name: 'Send Answer' }).click();
  await page.getByText('Answer sent: (5, 3). Wait for the reveal.').waitFor();
  step('answered 3');

  await page.getByText('Right! The next cell is (5, 3).').waitFor();
  expect('note', await text(page, '#note'), 'BFS takes the oldest cell in its queue');
  expect('answer marked', await page.locator('#grid button.answer[data-x="5"][data-y="3"]').count(), 1);
  await shoot(page, 'student-cell-right.png');
  step('checked 3');

  // The teacher stops the session.
  await page.getByText('The session has ended. Thank you!').waitFor();
  step('ended');

  if (problems.length > 0)
    throw new Error(problems.join('\n'));
}

const profile = mkdtempSync(join(tmpdir(), 'bitmaze-chromium-'));
let context = null;
try {
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync', '--disable-quic'],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  await run(context);
} catch (e) {
  process.stdout.write('FAIL: ' + e.message + '\n');
  process.exitCode = 1;
} finally {
  if (context)
    await context.close();
  rmSync(profile, { recursive: true, force: true });
}
