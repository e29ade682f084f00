import { SYMBOLS, TWO_CHERRIES } from './slot';

const TEXT = {
  'zh-CN': {
    title: '模拟老虎机',
    balance: '余额',
    stake: '投注',
    spin: '旋转',
    back: '返回',
    paytable: '赔付表',
    three: '三个相同',
    twoCherries: '两个樱桃',
    win: '赢得',
    lose: '未中奖',
    insufficient: '余额不足，请返回转入',
    failed: '网络异常，请稍后再试',
    maintenance: '游戏维护中',
  },
  'zh-HK': {
    title: '模擬老虎機',
    balance: '餘額',
    stake: '投注',
    spin: '旋轉',
    back: '返回',
    paytable: '賠付表',
    three: '三個相同',
    twoCherries: '兩個櫻桃',
    win: '贏得',
    lose: '未中獎',
    insufficient: '餘額不足，請返回轉入',
    failed: '網絡異常，請稍後再試',
    maintenance: '遊戲維護中',
  },
} as const;

/**
 * The simulator's game page: three reels, a stake, spin, a small paytable, the balance, and a back button to the
 * operator's returnUrl (it leaves the frame: the site's /app/venueBack then recalls the money).
 */
export function playPage(options: { lang: string; stakes: number[] }): string {
  const text = options.lang === 'zh-HK' ? TEXT['zh-HK'] : TEXT['zh-CN'];
  const rows = [
    ...SYMBOLS.map((entry) => `<tr><td>${entry.symbol.repeat(3)}</td><td>×${entry.three}</td></tr>`),
    `<tr><td>${text.twoCherries}</td><td>×${TWO_CHERRIES}</td></tr>`,
  ].join('');
  return `<!doctype html>
<html lang="${options.lang === 'zh-HK' ? 'zh-HK' : 'zh-CN'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #1d1230; color: #f5e9c8; text-align: center; }
  header { display: flex; align-items: center; justify-content: space-between; padding: 12px 16px; background: #2c1b47; }
  header button { background: none; border: 1px solid #f5e9c8; color: inherit; border-radius: 16px; padding: 4px 14px; }
  .reels { display: flex; justify-content: center; gap: 10px; margin: 32px 0 16px; }
  .reel { width: 76px; height: 92px; font-size: 48px; line-height: 92px; background: #fff; color: #222; border-radius: 10px; }
  .stakes { display: flex; flex-wrap: wrap; justify-content: center; gap: 8px; margin: 12px 16px; }
  .stakes button { min-width: 48px; padding: 8px; border-radius: 8px; border: 1px solid #a88b4a; background: #3a2660; color: inherit; }
  .stakes button[aria-pressed="true"] { background: #d4a93c; color: #1d1230; }
  #spin { margin: 12px; width: 60%; padding: 14px; font-size: 20px; border: 0; border-radius: 24px; background: #e0493e; color: #fff; }
  #spin:disabled { opacity: 0.5; }
  #message { min-height: 24px; }
  table { margin: 16px auto; border-collapse: collapse; }
  td { padding: 2px 12px; }
</style>
</head>
<body>
<header><button id="back" type="button">${text.back}</button><span>${text.title}</span>
<span>${text.balance} <b id="balance">-</b></span></header>
<div class="reels"><div class="reel" id="r0">7</div><div class="reel" id="r1">7</div><div class="reel" id="r2">7</div></div>
<div id="message" role="status"></div>
<div>${text.stake}</div>
<div class="stakes">${options.stakes
    .map(
      (stake, index) => `<button type="button" data-stake="${stake}" aria-pressed="${index === 0}">${stake}</button>`,
    )
    .join('')}</div>
<button id="spin" type="button">${text.spin}</button>
<h3>${text.paytable}</h3>
<table>${rows}</table>
<script>
(function () {
  var base = location.pathname;
  var stake = ${options.stakes[0] ?? 1};
  var returnUrl = '/';
  var text = ${JSON.stringify({ win: text.win, lose: text.lose, insufficient: text.insufficient, failed: text.failed, maintenance: text.maintenance })};
  function show(balance) { document.getElementById('balance').textContent = balance == null ? '-' : Number(balance).toFixed(2); }
  fetch(base + '/state').then(function (r) { return r.json(); }).then(function (state) {
    returnUrl = state.returnUrl; show(state.balance);
  });
  document.querySelectorAll('[data-stake]').forEach(function (button) {
    button.addEventListener('click', function () {
      stake = Number(button.getAttribute('data-stake'));
      document.querySelectorAll('[data-stake]').forEach(function (b) { b.setAttribute('aria-pressed', String(b === button)); });
    });
  });
  var spinButton = document.getElementById('spin');
  spinButton.addEventListener('click', function () {
    spinButton.disabled = true;
    document.getElementById('message').textContent = '';
    fetch(base + '/spin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ stake: stake }) })
      .then(function (r) { return r.json(); })
      .then(function (result) {
        if (result.reels) result.reels.forEach(function (symbol, i) { document.getElementById('r' + i).textContent = symbol; });
        if (result.balance != null) show(result.balance);
        var message = result.code === 'OK' ? (Number(result.win) > 0 ? text.win + ' ' + Number(result.win).toFixed(2) : text.lose)
          : result.code === 'INSUFFICIENT_FUNDS' ? text.insufficient : result.code === 'GAME_MAINTENANCE' ? text.maintenance : text.failed;
        document.getElementById('message').textContent = message;
      })
      .catch(function () { document.getElementById('message').textContent = text.failed; })
      .finally(function () { spinButton.disabled = false; });
  });
  document.getElementById('back').addEventListener('click', function () {
    // The site that framed us may listen for this; otherwise the whole tab goes back to the operator's page.
    if (window.parent !== window) window.parent.postMessage({ type: 'vendor:back', returnUrl: returnUrl }, '*');
    try { window.top.location.href = returnUrl; } catch (e) { location.href = returnUrl; }
  });
})();
</script>
</body>
</html>`;
}
