import { useQuery } from '@tanstack/react-query';
import { hubQueryOptions } from '../../../lib/hub-query';

/** The member view of a hub (GET /api/hub); idle while `isEnabled` is false or there is no identifier. */
export function useHub(identifier: string | null, isEnabled = true) {
  return useQuery({ ...hubQueryOptions(identifier ?? ''), enabled: identifier !== null && isEnabled });
}
