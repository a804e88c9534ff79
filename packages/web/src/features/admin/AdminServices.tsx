import { createContext, useContext, type ReactNode } from 'react';
import type { StaffApi } from './api/staffApi';

/** The console's clients, built once by AdminApp (tests build their own against a real server). */
export interface AdminServices {
  staff: StaffApi;
}

const AdminServicesContext = createContext<AdminServices | null>(null);

export function AdminServicesProvider({
  services,
  children,
}: {
  services: AdminServices;
  children: ReactNode;
}) {
  return <AdminServicesContext.Provider value={services}>{children}</AdminServicesContext.Provider>;
}

export function useStaffApi(): StaffApi {
  const services = useContext(AdminServicesContext);
  if (!services) throw new Error('useStaffApi outside AdminServicesProvider');
  return services.staff;
}
