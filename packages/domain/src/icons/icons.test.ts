import { describe, expect, it } from 'vitest';
import { ICON_PATHS, iconFile, iconSvg } from './icons';

describe('icon addresses (SPEC §7 /assets/icons/{theme}/ic_24_{name}.svg)', () => {
  it.each([
    ['ic_24_close.svg', { name: 'close', rtl: false }],
    ['ic_24_chevron_right.svg', { name: 'chevron_right', rtl: false }],
    ['ic_24_chevron_right_rtl.svg', { name: 'chevron_right', rtl: true }],
    ['ic_24_arrow_back_rtl.svg', { name: 'arrow_back', rtl: true }],
    ['ic_24_nothing.svg', null],
    ['ic_24_close.png', null],
    ['ic_20_close.svg', null],
    ['ic_24_CLOSE.svg', null],
    ['ic_24_../close.svg', null],
    ['ic_24_constructor.svg', null],
    ['ic_24_close_rtl_rtl.svg', null],
  ])('SPEC §7: %j is %j', (file, expected) => {
    expect(iconFile(file)).toEqual(expected);
  });
});

describe('icon documents (SPEC §7, §9 size 24)', () => {
  it('SPEC §9: a 24 × 24 SVG of the one drawing, stroked with the current colour', () => {
    const svg = iconSvg('close', { mirrored: false });
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M6 6l12 12M18 6L6 18"/></svg>',
    );
  });

  it('SPEC §7: the right-to-left variant is the same drawing mirrored left to right', () => {
    const svg = iconSvg('chevron_right', { mirrored: true });
    expect(svg).toContain(
      `<g transform="matrix(-1 0 0 1 24 0)"><path d="${ICON_PATHS.chevron_right}"/></g>`,
    );
  });
});
