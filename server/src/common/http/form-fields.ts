import { ValidateIf } from 'class-validator';

/**
 * Transforms for the console's forms, which send flags and numbers as text. Each one leaves a
 * value it cannot read as it came, for the DTO's rules to refuse with the field's message.
 */
type Raw = { value: unknown };

export const trimText = ({ value }: Raw) => (typeof value === 'string' ? value.trim() : value);

/** Trims a text of at most `max` characters; a longer one is left for `MaxLength` to refuse. */
export const trimWithin =
  (max: number) =>
  ({ value }: Raw) =>
    typeof value === 'string' && value.length <= max ? value.trim() : value;

/** true/'true' and false/'false' as booleans; an empty text as null (not given). */
export const toFlag = ({ value }: Raw) =>
  value === true || value === 'true'
    ? true
    : value === false || value === 'false'
      ? false
      : value === ''
        ? null
        : value;

/** A number's text as the number; a blank text stays as it is (a missing value). */
export const toNumberFromText = ({ value }: Raw) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;

/** Upper-cased with every space removed (a product's type, an API type). */
export const toSqueezedUpper = ({ value }: Raw) =>
  typeof value === 'string' ? value.toUpperCase().replace(/\s+/g, '') : value;

/** Checks a field only when the body carries it: an edit keeps the fields it leaves out. */
export const IfGiven = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** No rule: a create form checks every field, given or not. */
export const Always = (): PropertyDecorator => () => undefined;

/** Not given: undefined, null or a blank text. */
export const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
