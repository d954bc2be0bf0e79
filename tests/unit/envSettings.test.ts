import {Type} from '@sinclair/typebox';
import {describe, expect, it} from 'vitest';
import {amount, flag, oneOf, readSettings, seconds, SettingError, text, textOr} from '../../contracts/envSettings';

/** One setting of each kind the gate's and the build's schemas are made of. */
const SCHEMA = Type.Object(
  {
    PORT: amount('integer', {minimum: 0, maximum: 65535, errorMessage: 'must be a port number'}, {default: 3000, description: ''}),
    HOST: textOr('127.0.0.1', ''),
    NAME: text(''),
    COUNT: amount('integer', {exclusiveMinimum: 0}, {default: 8, description: ''}),
    SIZE: amount('number', {minimum: 0}, {default: 1.5, description: ''}),
    RATIO: amount('number', {minimum: 0.5, maximum: 2}, {default: 1, description: ''}),
    WAIT: seconds('', 4, true),
    MODE: oneOf(['on', 'off'], {default: 'off', description: ''}),
    LEVEL: Type.Optional(oneOf(['low', 'mid', 'high'], {description: ''})),
    VERBOSE: Type.Optional(flag({description: ''})),
    PROXY: Type.Union([Type.Boolean(), Type.String()], {default: false, description: ''}),
  },
  {additionalProperties: false},
);

const DEFAULTS = {PORT: 3000, HOST: '127.0.0.1', COUNT: 8, SIZE: 1.5, RATIO: 1, WAIT: 4, MODE: 'off', PROXY: false};

describe('readSettings', () => {
  it.each([
    [{}, {}],
    [
      {PORT: '8080', HOST: '0.0.0.0', NAME: 'docs'},
      {PORT: 8080, HOST: '0.0.0.0', NAME: 'docs'},
    ],
    [
      {COUNT: '12', SIZE: '0', RATIO: '2', WAIT: '0.25'},
      {COUNT: 12, SIZE: 0, RATIO: 2, WAIT: 0.25},
    ],
    [
      {MODE: 'on', LEVEL: 'mid'},
      {MODE: 'on', LEVEL: 'mid'},
    ],
    [{VERBOSE: 'true'}, {VERBOSE: true}],
    [{VERBOSE: 'false'}, {VERBOSE: false}],
    [{PROXY: 'true'}, {PROXY: true}],
    [{PROXY: '10.0.0.1,10.0.0.2'}, {PROXY: '10.0.0.1,10.0.0.2'}],
    // Empty is unset, as shells and .env files write it.
    [{PORT: '', NAME: '', MODE: '', VERBOSE: ''}, {}],
    // Variables the schema does not name are not settings.
    [{PATH: '/usr/bin', npm_lifecycle_event: 'serve'}, {}],
  ])('reads %j, typed, over the defaults', (env, read) => {
    expect(readSettings(SCHEMA, env)).toEqual({...DEFAULTS, ...read});
  });

  it.each([
    [{PORT: '70000'}, 'PORT must be a port number; got "70000"'],
    [{PORT: 'http'}, 'PORT must be a port number; got "http"'],
    [{COUNT: '2.5'}, 'COUNT must be a whole number; got "2.5"'],
    [{COUNT: 'many'}, 'COUNT must be a whole number; got "many"'],
    [{COUNT: '0'}, 'COUNT must be more than 0; got "0"'],
    [{SIZE: '-1'}, 'SIZE must be a non-negative number; got "-1"'],
    [{SIZE: 'big'}, 'SIZE must be a number; got "big"'],
    [{RATIO: '0.25'}, 'RATIO must be at least 0.5; got "0.25"'],
    [{RATIO: '3'}, 'RATIO must be at most 2; got "3"'],
    [{WAIT: '0'}, 'WAIT must be more than 0; got "0"'],
    [{WAIT: 'NaN'}, 'WAIT must be a number; got "NaN"'],
    // Ajv's coercion takes these for numbers and skips its bounds: TypeBox's check refuses them.
    [{SIZE: 'Infinity'}, 'SIZE must be a finite number; got "Infinity"'],
    [{SIZE: '1e999'}, 'SIZE must be a finite number; got "1e999"'],
    [{COUNT: 'Infinity'}, 'COUNT must be a finite number; got "Infinity"'],
    [{MODE: 'maybe'}, 'MODE must be on or off; got "maybe"'],
    [{LEVEL: 'top'}, 'LEVEL must be one of low, mid, high; got "top"'],
    [{VERBOSE: 'yes'}, 'VERBOSE must be true or false; got "yes"'],
    // The first that is wrong, in the schema's order.
    [{MODE: 'maybe', PORT: '-1'}, 'PORT must be a port number; got "-1"'],
  ])('refuses %j in one line naming the variable', (env, message) => {
    const attempt = () => readSettings(SCHEMA, env);
    expect(attempt).toThrow(SettingError);
    expect(attempt).toThrow(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });
});
