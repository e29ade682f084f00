/**
 * What the member typed in a money box (an amount to deposit, withdraw or transfer, a stake), reduced to what an
 * amount can be: digits and one point, at most 2 decimals (the server refuses more). Full-width digits and the
 * ideographic full stop of Chinese keyboards are read as their ASCII forms. The whole part keeps at most
 * `maxWholeDigits` digits.
 */
export function sanitizeAmountInput(text: string, maxWholeDigits = 12): string {
  const ascii = text
    .replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
    .replace(/[。．]/g, '.')
    .replace(/[^\d.]/g, '');
  const point = ascii.indexOf('.');
  const whole = (point === -1 ? ascii : ascii.slice(0, point)).replace(/^0+(?=\d)/, '').slice(0, maxWholeDigits);
  if (point === -1) return whole;
  const fraction = ascii
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${whole || '0'}.${fraction}`;
}
