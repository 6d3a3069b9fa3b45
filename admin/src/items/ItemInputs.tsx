import {
  ArrayInput,
  BooleanInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { ApiTypeInput } from '@/common/ApiTypeInput';
import { itemTypeChoices } from '@/common/choices';

export const ItemInputs = () => (
  <>
    <TextInput source="name" />
    <SelectInput source="type" choices={itemTypeChoices} emptyText="app.none" />
    <TextInput source="suggestedTask" />
    <NumberInput source="originalprice" min={0} step={0.01} />
    <NumberInput source="discountedprice" min={0} step={0.01} />
    <NumberInput source="resellprice" min={0} step={0.01} />
    <TextInput source="imgpath" />
    <ArrayInput source="itemidarray">
      <SimpleFormIterator inline disableReordering>
        <TextInput source="value" label="resources.viewitems.fields.supplier_id" />
      </SimpleFormIterator>
    </ArrayInput>
    <BooleanInput source="inStock" />
    <BooleanInput source="isApi" />
    <ApiTypeInput />
  </>
);
