import { apiRequest } from './client';
import type { OrderStats, User } from './types';

export const editProfile = (userid: number, name: string) =>
  apiRequest<{ message?: string; user?: User }>('/user/edit-profile', {
    body: { userid, name },
  });

export const fetchOrderStats = (userid: number) =>
  apiRequest<OrderStats>(`/user/myorder/${userid}`);
