import { servicesContext } from '../../app/servicesContext';
import type { StaffApi } from './api/staffApi';

/** The console's clients, built once by AdminApp (tests build their own against a real server). */
export interface AdminServices {
  staff: StaffApi;
}

const [Provider, useAdminServices] = servicesContext<AdminServices>('useStaffApi');

export const AdminServicesProvider = Provider;

export function useStaffApi(): StaffApi {
  return useAdminServices().staff;
}
