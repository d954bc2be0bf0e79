/**
 * Settings read from environment variables, as fastify/demo reads its own: a TypeBox schema is the
 * one home of each variable's name, type, default, bounds, meaning and error wording, env-schema
 * (Ajv) checks and converts the environment with it, and README.md's tables are written from it
 * (`npm run settings:readme`). The gate's schema is server/settings.ts, the build's
 * contracts/buildSettings.ts; this file holds what both are made of.
 */
import {Type, type Static, type TObject} from '@sinclair/typebox';
import {Value} from '@sinclair/typebox/value';
import ajvErrors from 'ajv-errors';
import envSchema from 'env-schema';
import type {Env} from './firebaseProject';

/** A setting, or a rule between settings, that the operator got wrong: its message names the variable, on one line. */
export class SettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingError';
  }
}

/**
 * What README.md says of a setting: its meaning, and its "Default" column, which shows `default`,
 * or `defaultText` where the default depends on other settings or there is none.
 */
interface Meaning {
  description: string;
  defaultText?: string;
}

const either = (values: readonly string[]) =>
  values.length === 2 ? `must be ${values.join(' or ')}` : `must be one of ${values.join(', ')}`;

/** Text, unset unless given. */
export const text = (description: string, defaultText = 'none') => Type.Optional(Type.String({description, defaultText}));

/** Text with a default. */
export const textOr = (fallback: string, description: string) => Type.String({default: fallback, description});

/** One of `values`. */
export const oneOf = <const V extends readonly string[]>(values: V, meaning: Meaning & {default?: V[number]}) =>
  Type.Union(
    values.map((value: V[number]) => Type.Literal(value)),
    {...meaning, errorMessage: either(values)},
  );

/** `true` or `false`. */
export const flag = (meaning: Meaning & {default?: boolean}) => Type.Boolean({...meaning, errorMessage: 'must be true or false'});

interface Bounds {
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  /** Replaces the wording of every failed check, where one phrase says the bounds better. */
  errorMessage?: string;
}

/** A number (`integer`: a whole one) within `bounds`. */
export function amount(kind: 'number' | 'integer', bounds: Bounds, meaning: {default: number; description: string}) {
  const {errorMessage, ...limits} = bounds;
  const {minimum, exclusiveMinimum, maximum} = limits;
  const wording = errorMessage ?? {
    type: kind === 'integer' ? 'must be a whole number' : 'must be a number',
    ...(minimum !== undefined && {minimum: minimum === 0 ? 'must be a non-negative number' : `must be at least ${minimum}`}),
    ...(exclusiveMinimum !== undefined && {exclusiveMinimum: `must be more than ${exclusiveMinimum}`}),
    ...(maximum !== undefined && {maximum: `must be at most ${maximum}`}),
  };
  const schema = {...limits, ...meaning, errorMessage: wording};
  return kind === 'integer' ? Type.Integer(schema) : Type.Number(schema);
}

/** A duration in seconds: 0 or more, or more than 0 when `positive`. */
export const seconds = (description: string, fallback: number, positive = false) =>
  amount('number', positive ? {exclusiveMinimum: 0} : {minimum: 0}, {default: fallback, description});

// env-schema's own Ajv (coercion, defaults, all errors), taught ajv-errors' `errorMessage` and our
// `defaultText` annotation. Made on the first read and handed back on the next ones, so that a
// schema is compiled once: env-schema would otherwise make a new Ajv on each read.
let ajv: ReturnType<typeof ajvErrors> | undefined;
const ourAjv = () =>
  ajv ?? {
    customOptions: (fresh: Parameters<typeof ajvErrors>[0]) =>
      (ajv = ajvErrors(fresh.addKeyword({keyword: 'defaultText', schemaType: 'string'}))),
  };

const refusal = (name: string, wording: string | undefined, env: Env) => new SettingError(`${name} ${wording}; got "${env[name]}"`);

/**
 * The settings of `schema` from `env`, typed as the schema says; an empty value counts as unset, as
 * shells and .env files write them. Throws SettingError naming the first variable that is wrong.
 */
export function readSettings<S extends TObject>(schema: S, env: Env): Static<S> {
  const given = Object.fromEntries(Object.keys(schema.properties).flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
  let settings: Static<S>;
  try {
    settings = envSchema<Static<S>>({schema, data: given, env: false, ajv: ourAjv()});
  } catch (error) {
    const [first] = (error as {errors?: {instancePath: string; message?: string}[]}).errors ?? [];
    if (!first) throw error;
    throw refusal(first.instancePath.slice(1), first.message, env);
  }
  // Ajv's coercion lets "Infinity" and "1e999" through as numbers, past its numeric checks
  // (ajv-validator/ajv#2212); TypeBox's check of the result, which counts no infinity as a number, stops them.
  const [infinite] = Value.Errors(schema, settings);
  if (infinite) throw refusal(infinite.path.slice(1), 'must be a finite number', env);
  return settings;
}

/**
 * `read()`, or, when a setting is wrong, its message on one line after `program`'s name and exit
 * code 1: an operator's typo is no crash, and gets no stack trace.
 */
export function settingsOrExit<T>(program: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    console.error(`${program}: ${error.message}`);
    return process.exit(1);
  }
}
