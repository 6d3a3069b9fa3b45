import { SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { apiTypeChoices } from '@/common/choices';

/** The API type matters only for API-backed products and items, so it shows only then. */
export const ApiTypeInput = () => {
  const isApi = useWatch({ name: 'isApi' }) as boolean | undefined;
  if (!isApi) return null;
  return <SelectInput source="apiType" choices={apiTypeChoices} />;
};
