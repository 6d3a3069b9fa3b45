import {
  ArrayInput,
  BooleanInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import { ApiTypeInput } from '@/common/ApiTypeInput';
import { categoryChoices, PRODUCT_TYPES } from '@/common/choices';
import { normaliseProductType } from '@/products/productChecks';

/** The inputs the create form and the edit modal share. */
/** `withInputLabels`: the create form also sets the labels of the customer's inputs. */
export const ProductInputs = ({ withInputLabels = false }: { withInputLabels?: boolean }) => {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="name" />
      <TextInput
        source="type"
        parse={normaliseProductType}
        helperText={translate('resources.viewproducts.type_help', {
          types: PRODUCT_TYPES.join(', '),
        })}
      />
      <SelectInput source="category" choices={categoryChoices} />
      <TextInput source="imgpath" />
      <TextInput source="importantnote" multiline minRows={2} />
      {withInputLabels && (
        <ArrayInput source="inputs">
          <SimpleFormIterator inline disableReordering>
            <TextInput source="label" label="resources.viewproducts.fields.label" />
          </SimpleFormIterator>
        </ArrayInput>
      )}
      <ArrayInput source="items">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="itemid" label="resources.viewproducts.fields.itemid" />
        </SimpleFormIterator>
      </ArrayInput>
      <BooleanInput source="istrending" />
      <BooleanInput source="instock" />
      <BooleanInput source="isApi" />
      <ApiTypeInput />
      <NumberInput
        source="promiseMinutes"
        min={1}
        max={1440}
        helperText={translate('resources.viewproducts.promise_help')}
      />
    </>
  );
};
