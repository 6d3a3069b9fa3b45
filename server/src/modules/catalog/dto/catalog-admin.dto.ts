import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  Allow,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import {
  Always,
  IfGiven,
  isBlank,
  toFlag,
  toSqueezedUpper,
  trimText,
  trimWithin,
} from '../../../common/http/form-fields.js';
import { DropsUnknownFields } from '../../../common/http/validation.js';
import { Messages } from '@zstore/contract/messages';
import { toPaise, toRupees } from '../../../common/money.js';
import {
  API_TYPES,
  ITEM_TYPES,
  PRODUCT_CATEGORIES,
  PRODUCT_TYPES,
} from '../catalog-admin.input.js';
import type { AdminItem } from '../catalog-admin.repository.js';
import type { Product } from '../product.entity.js';
import { mapProduct, ProductInputDto, ProductResponseDto } from './catalog.dto.js';

export class AdminProductDto extends ProductResponseDto {
  @ApiProperty({ description: 'Equals _id' }) id: string;
}

export function mapAdminProduct(product: Product): AdminProductDto {
  return { id: product.id, ...mapProduct(product) };
}

export class AdminItemDto {
  @ApiProperty({ description: 'Equals itemid' }) id: number;
  @ApiProperty() itemid: number;
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ nullable: true, type: String, enum: ITEM_TYPES }) type: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) suggestedTask: string | null;
  @ApiProperty({ description: 'Rupees' }) originalprice: number;
  @ApiProperty({ description: 'Rupees' }) discountedprice: number;
  @ApiProperty({ description: 'Rupees' }) resellprice: number;
  @ApiProperty() isApi: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, enum: API_TYPES }) apiType: string | null;
  @ApiProperty({ type: [String] }) itemidarray: string[];
  @ApiProperty() imgpath: string;
  @ApiProperty() inStock: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, description: "The owning product's _id" })
  productId: string | null;
}

export function mapAdminItem(item: AdminItem): AdminItemDto {
  return {
    id: item.itemid,
    itemid: item.itemid,
    _id: item.id,
    name: item.name,
    type: item.type,
    suggestedTask: item.suggestedTask,
    originalprice: toRupees(item.originalprice),
    discountedprice: toRupees(item.discountedprice),
    resellprice: toRupees(item.resellprice),
    isApi: item.isApi,
    apiType: item.apiType,
    itemidarray: item.itemidarray,
    imgpath: item.imgpath,
    inStock: item.instock,
    productId: item.productId,
  };
}

const isText = (_form: object, value: unknown) => typeof value === 'string' && value !== '';

const inputLabel = (input: unknown): input is ProductInputDto =>
  typeof input === 'object' &&
  input !== null &&
  typeof (input as ProductInputDto).label === 'string' &&
  (input as ProductInputDto).label.trim() !== '' &&
  (input as ProductInputDto).label.length <= 60;
const isInputList = (value: unknown): value is ProductInputDto[] =>
  Array.isArray(value) && value.every(inputLabel);
/** Each input's label trimmed; anything else dropped from the input. */
const toInputList = ({ value }: { value: unknown }) =>
  isInputList(value) ? value.map((input) => ({ label: input.label.trim() })) : value;

/** A list of item numbers (or their texts), each once; null is an empty list. */
const toItemNumbers = ({ value }: { value: unknown }) =>
  value === null
    ? []
    : Array.isArray(value)
      ? [
          ...new Set(
            value.map((id: unknown) => (typeof id === 'string' && id.trim() ? Number(id) : id)),
          ),
        ]
      : value;

/** The supplier's ids as trimmed texts, blanks dropped; null is an empty list. */
const toItemIds = ({ value }: { value: unknown }) =>
  value === null
    ? []
    : Array.isArray(value) && value.every((id) => typeof id === 'string' || typeof id === 'number')
      ? value.map((id) => String(id).trim()).filter(Boolean)
      : value;

/** An API type's text upper-cased without spaces; anything else given counts as none. */
const toApiType = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.toUpperCase().replace(/\s+/g, '') : '';

/** An item type's text in lower case; a blank one is none (null). */
const toItemType = ({ value }: { value: unknown }) =>
  isBlank(value) ? null : String(value).trim().toLowerCase();

const IsInputList = (message: string) =>
  ValidateBy({ name: 'isInputList', validator: { validate: isInputList } }, { message });

/** Rupees as a number or its text: not negative, at most two decimals. */
const IsRupees = (message: string) =>
  ValidateBy(
    {
      name: 'isRupees',
      validator: { validate: (value: unknown) => !isBlank(value) && (toPaise(value) ?? -1) >= 0 },
    },
    { message },
  );

interface ApiTyped {
  isApi?: boolean | null;
  apiType?: string;
}

/**
 * The API type's rules: known when given, and required with Is API. An edit that leaves one of
 * the two out is checked again against the stored value (see `apiTypeOf`).
 */
function ApiTypeRules(mode: FormMode): PropertyDecorator {
  const needsApiType = (form: ApiTyped) =>
    form.isApi === true &&
    (form.apiType === '' || (mode === 'create' && form.apiType === undefined));
  return applyDecorators(
    ApiPropertyOptional({ enum: API_TYPES, description: 'Upper-cased, spaces removed' }),
    Transform(toApiType),
    IsNotEmpty({ message: Messages.apiTypeRequired, validateIf: needsApiType }),
    IsIn(API_TYPES, {
      message: Messages.apiTypeInvalid,
      validateIf: (_form: object, value: unknown) => value !== '' && value !== undefined,
    }),
  );
}

const FlagRules = (description?: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: Boolean,
      description: description ?? 'true, false or their texts',
    }),
    Transform(toFlag),
    IsOptional(),
    IsBoolean({ message: Messages.flagInvalid }),
  );

type FormMode = 'create' | 'edit';

/**
 * The product form (spec 002 section 5), checked in the spec's order. A create needs every
 * required field; an edit checks only the fields it carries and keeps the others.
 */
function productForm(mode: FormMode) {
  const create = mode === 'create';
  const ifGiven = create ? Always() : IfGiven();
  const name = {
    message: create ? Messages.productNameRequired : Messages.editProductNameRequired,
  };
  const type = {
    message: create ? Messages.productTypeRequired : Messages.editProductTypeRequired,
  };
  const category = { message: Messages.categoryRequired };
  const image = { message: Messages.imagePathRequired };
  const items = { message: Messages.itemsMustBeNumbers, each: true };
  const text = { message: Messages.textTooLong };

  @DropsUnknownFields()
  class Form {
    @ApiProperty({ required: create, maxLength: 120 })
    @ifGiven
    @Transform(trimText)
    @IsString(name)
    @IsNotEmpty(name)
    @MaxLength(120, name)
    name?: string;

    @ApiProperty({
      required: create,
      enum: PRODUCT_TYPES,
      description: 'Upper-cased, spaces removed',
    })
    @ifGiven
    @Transform(toSqueezedUpper)
    @IsString(type)
    @IsNotEmpty(type)
    @IsIn(PRODUCT_TYPES, { message: Messages.productTypeInvalid, validateIf: isText })
    type?: string;

    @ApiProperty({ required: create, enum: PRODUCT_CATEGORIES })
    @ifGiven
    @Transform(trimText)
    @IsString(category)
    @IsNotEmpty(category)
    @MaxLength(32, category)
    @IsIn(PRODUCT_CATEGORIES, {
      message: Messages.categoryInvalid,
      validateIf: (_form: object, value: unknown) =>
        isText(_form, value) && String(value).length <= 32,
    })
    category?: string;

    @ApiProperty({ required: create, maxLength: 500 })
    @ifGiven
    @Transform(trimText)
    @IsString(image)
    @IsNotEmpty(image)
    @MaxLength(500, image)
    imgpath?: string;

    @ApiProperty({ required: create, type: [ProductInputDto] })
    @ifGiven
    @Transform(toInputList)
    @IsInputList(Messages.inputLabelsRequired)
    inputs?: ProductInputDto[];

    @ApiPropertyOptional({ type: [Number], description: 'Item itemids (or their texts)' })
    @Transform(toItemNumbers)
    @IsOptional()
    @IsArray({ message: Messages.itemsMustBeNumbers })
    @IsInt(items)
    @Min(1, items)
    @Max(Number.MAX_SAFE_INTEGER, items)
    items?: number[];

    @FlagRules()
    isApi?: boolean | null;

    @ApiTypeRules(mode)
    apiType?: string;

    @ApiPropertyOptional({ maxLength: 2000 })
    @Transform(trimWithin(2000))
    @IsOptional()
    @IsString(text)
    @MaxLength(2000, text)
    importantnote?: string | null;

    @FlagRules()
    istrending?: boolean | null;

    @FlagRules()
    instock?: boolean | null;

    @ApiPropertyOptional({
      nullable: true,
      type: Number,
      minimum: 1,
      maximum: 1440,
      description: "A supplier product's delivery promise in minutes; empty: the store's default",
    })
    @Transform(toPromiseMinutes)
    @IsOptional()
    @IsInt({ message: PROMISE_MINUTES })
    @Min(1, { message: PROMISE_MINUTES })
    @Max(1440, { message: PROMISE_MINUTES })
    promiseMinutes?: number | null;
  }
  return Form;
}

const PROMISE_MINUTES = 'Enter the delivery promise in whole minutes, from 1 to 1440.';

/** An empty promise is the store's default (null); a number text is its number. */
const toPromiseMinutes = ({ value }: { value: unknown }) => {
  if (value === '' || value === null) return null;
  return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
};

/** `createproduct` and the console's product create. */
export class ProductWriteDto extends productForm('create') {}

/** `editproduct` and the console's product update: fields left out keep their values. */
export class ProductEditDto extends productForm('edit') {}

export type ProductForm = ProductWriteDto | ProductEditDto;

/** The item form (spec 002 section 5), prices in rupees, checked in the spec's order. */
function itemForm(mode: FormMode) {
  const create = mode === 'create';
  const ifGiven = create ? Always() : IfGiven();
  const name = { message: Messages.productNameRequired };
  const image = { message: Messages.imagePathRequired };
  const ids = { message: Messages.itemIdsMustBeStrings };
  const text = { message: Messages.textTooLong };

  @DropsUnknownFields()
  class Form {
    @ApiProperty({ required: create, maxLength: 120 })
    @ifGiven
    @Transform(trimText)
    @IsString(name)
    @IsNotEmpty(name)
    @MaxLength(120, name)
    name?: string;

    @ApiProperty({ required: create, description: 'Rupees (or their text)' })
    @ifGiven
    @IsRupees(Messages.originalPriceRequired)
    originalprice?: number | string;

    @ApiProperty({ required: create, description: 'Rupees (or their text)' })
    @ifGiven
    @IsRupees(Messages.discountedPriceRequired)
    discountedprice?: number | string;

    @ApiProperty({ required: create, description: 'Rupees (or their text)' })
    @ifGiven
    @IsRupees(Messages.resellPriceRequired)
    resellprice?: number | string;

    @FlagRules()
    isApi?: boolean | null;

    @ApiTypeRules(mode)
    apiType?: string;

    @ApiProperty({ required: create, maxLength: 500 })
    @ifGiven
    @Transform(trimText)
    @IsString(image)
    @IsNotEmpty(image)
    @MaxLength(500, image)
    imgpath?: string;

    @ApiPropertyOptional({ type: [String], description: "The supplier's ids for the pack" })
    @Transform(toItemIds)
    @IsOptional()
    @IsArray(ids)
    @IsString({ ...ids, each: true })
    itemidarray?: string[];

    @ApiPropertyOptional({ enum: ITEM_TYPES, nullable: true })
    @Transform(toItemType)
    @IsOptional()
    @IsIn(ITEM_TYPES, { message: Messages.itemTypeInvalid })
    type?: string | null;

    @ApiPropertyOptional({ maxLength: 200, nullable: true })
    @Transform(trimWithin(200))
    @IsOptional()
    @IsString(text)
    @MaxLength(200, text)
    suggestedTask?: string | null;

    @FlagRules('In stock; wins over `instock`')
    inStock?: boolean | null;

    @FlagRules('In stock, when `inStock` is not given')
    @ValidateIf((form: { inStock?: unknown }) => form.inStock === undefined)
    instock?: boolean | null;

    @ApiPropertyOptional({ description: "Adds the new item to this product's list (REST create)" })
    @Allow()
    productId?: unknown;
  }
  return Form;
}

/** `createitem` and the console's item create. */
export class ItemWriteDto extends itemForm('create') {}

/** `edititem` and the console's item update: fields left out keep their values. */
export class ItemEditDto extends itemForm('edit') {}

export type ItemForm = ItemWriteDto | ItemEditDto;

/** The price screen's `updateitem`: each field only when given. */
@DropsUnknownFields()
export class ItemPriceUpdateDto {
  @ApiPropertyOptional({ description: 'The selling price (discountedprice), rupees' })
  @IfGiven()
  @IsRupees(Messages.discountedPriceRequired)
  price?: number | string;

  @ApiPropertyOptional({ description: 'Rupees' })
  @IfGiven()
  @IsRupees(Messages.resellPriceRequired)
  resellPrice?: number | string;

  @FlagRules()
  itemInstock?: boolean | null;
}

/** The price screen's `updateproduct`: stock and the important note. */
@DropsUnknownFields()
export class ProductStockUpdateDto {
  @ApiProperty({ description: "The product's _id" })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value : ''))
  @Allow()
  _id?: string;

  @FlagRules()
  instock?: boolean | null;

  @ApiPropertyOptional({ maxLength: 2000 })
  @Transform(trimWithin(2000))
  @IsOptional()
  @IsString({ message: Messages.textTooLong })
  @MaxLength(2000, { message: Messages.textTooLong })
  importantNote?: string | null;
}

export class MessageDto {
  @ApiProperty() message: string;
}

export class ItemMessageDto extends MessageDto {
  @ApiProperty({ type: AdminItemDto }) item: AdminItemDto;
}

export class ProductMessageDto extends MessageDto {
  @ApiProperty({ type: AdminProductDto }) product: AdminProductDto;
}
