import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchProfile } from '../../api/profile-api';

export const ACCOUNT_PROFILE_KEY = ['account', 'profile'] as const;

/** The account page's profile (user and bindings), shared by its tabs. */
export function useAccountProfile() {
  return useQuery({ queryKey: ACCOUNT_PROFILE_KEY, queryFn: fetchProfile });
}

/** Reloads the profile after a change (nick name, avatar, bindings). */
export function useReloadProfile() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: ACCOUNT_PROFILE_KEY }), [client]);
}
