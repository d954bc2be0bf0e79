import {describe, expect, it} from 'vitest';
import {MarkerSyntax} from '../../contracts/audienceMarkers';
import {readerView} from '../../contracts/audiences';
import {cutScriptsOf, scriptAddress, scriptOfAddress, scriptsKey, scriptTag, withScriptAddresses} from '../../server/rules/cutAddresses';

const MARKERS = new MarkerSyntax('k3yk3y');
const template = (text: string) => MARKERS.templateOf(text, {commas: true})!;
const TEMPLATES = new Map([
  ['assets/js/main.5f3a2b1c.js', template('["__thk3yk3y_ba_staff__",1,"__thk3yk3y_ea__","__thk3yk3y_bb_partners__",2,"__thk3yk3y_eb__"]')],
  ['assets/js/runtime~main.0a0b0c0d.js', template('{/*__thk3yk3y_b:staff*/7:"1234abcd"/*__thk3yk3y_e*/}')],
  ['assets/js/1234abcd.1234abcd.js', template('["__thk3yk3y_bc_staff__",3,"__thk3yk3y_ec__"]')],
  ['index.html', template('<template data-thk3yk3y-b="staff"></template>x<template data-thk3yk3y-e=""></template>')],
]);
const scripts = cutScriptsOf(TEMPLATES, 'the-build-secret')!;
const NONE = readerView([]);
const STAFF = readerView(['staff']);
const PARTNERS = readerView(['partners']);

describe("the addresses of readers' own copies of scripts", () => {
  it('are those of the scripts with markers, the runtime among them; pages are not scripts', () => {
    expect([...scripts.templates.keys()]).toEqual([
      'assets/js/main.5f3a2b1c.js',
      'assets/js/runtime~main.0a0b0c0d.js',
      'assets/js/1234abcd.1234abcd.js',
    ]);
    expect(scripts.runtime).toBe('assets/js/runtime~main.0a0b0c0d.js');
    expect(cutScriptsOf(new Map([...TEMPLATES].filter(([file]) => file.endsWith('.html'))), 'x')).toBeNull();
  });

  it('differ between readers who get different copies, and are the same for readers who get the same', () => {
    const main = 'assets/js/main.5f3a2b1c.js';
    expect(scriptTag(scripts, main, NONE)).not.toBe(scriptTag(scripts, main, STAFF));
    expect(scriptTag(scripts, main, STAFF)).not.toBe(scriptTag(scripts, main, PARTNERS));
    // An audience the script never mentions makes no other copy.
    expect(scriptTag(scripts, main, readerView(['beta']))).toBe(scriptTag(scripts, main, NONE));
    expect(scriptTag(scripts, main, readerView(['staff', 'beta']))).toBe(scriptTag(scripts, main, STAFF));
  });

  it('tell nothing without the build’s secret: another secret, other tags; ten letters and digits', () => {
    const other = cutScriptsOf(TEMPLATES, 'another-secret')!;
    const main = 'assets/js/main.5f3a2b1c.js';
    expect(scriptTag(other, main, NONE)).not.toBe(scriptTag(scripts, main, NONE));
    expect(scriptTag(scripts, main, NONE)).toMatch(/^[0-9a-z]{10}$/);
  });

  it('are read back to their script and tag, and nothing else is', () => {
    const address = scriptAddress(scripts, 'assets/js/main.5f3a2b1c.js', STAFF);
    expect(address).toMatch(/^assets\/js\/main\.5f3a2b1c\.[0-9a-z]{10}\.js$/);
    expect(scriptOfAddress(scripts, address)).toEqual({
      file: 'assets/js/main.5f3a2b1c.js',
      tag: scriptTag(scripts, 'assets/js/main.5f3a2b1c.js', STAFF),
    });
    expect(scriptOfAddress(scripts, 'assets/js/main.5f3a2b1c.js')).toBeNull();
    expect(scriptOfAddress(scripts, 'assets/js/other.5f3a2b1c.abcdefghij.js')).toBeNull();
    expect(scriptOfAddress(null, address)).toBeNull();
  });

  it("are named by a page wherever it loads or preloads a script, and by the runtime's table of chunk files", () => {
    const page =
      '<link rel=preload as=script href=/assets/js/1234abcd.1234abcd.js><script src="/assets/js/main.5f3a2b1c.js" defer></script><script src=/assets/js/other.9.js>';
    expect(withScriptAddresses(page, scripts, STAFF, 'page')).toBe(
      `<link rel=preload as=script href=/${scriptAddress(scripts, 'assets/js/1234abcd.1234abcd.js', STAFF)}><script src="/${scriptAddress(scripts, 'assets/js/main.5f3a2b1c.js', STAFF)}" defer></script><script src=/assets/js/other.9.js>`,
    );
    expect(withScriptAddresses('{7:"1234abcd",8:"99999999"}', scripts, STAFF, 'runtime')).toBe(
      `{7:"1234abcd.${scriptTag(scripts, 'assets/js/1234abcd.1234abcd.js', STAFF)}",8:"99999999"}`,
    );
  });

  it("change the runtime's and the pages' copies with the copy of any script they name", () => {
    const runtime = 'assets/js/runtime~main.0a0b0c0d.js';
    expect(scriptsKey(scripts, NONE)).not.toBe(scriptsKey(scripts, PARTNERS));
    // The runtime's own pieces are staff's only, but it names main.js, which partners get a copy of their own of.
    expect(scriptTag(scripts, runtime, NONE)).not.toBe(scriptTag(scripts, runtime, PARTNERS));
  });
});
