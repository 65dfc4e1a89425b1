import type { CraftLibrary } from '@kerf/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { fetchCraft, fetchCraftFacets, fetchCraftRevisions, listCrafts } from '../../../api/craft-api';
import { useSession } from '../../../stores/session-store';
import { type CraftView, listQueryOf } from '../model/craft-query';

/** Every craft query starts with this key, so one invalidation refreshes list, facets and details. */
export const CRAFT_KEY = ['craft'] as const;

/** Keyed by the signed-in person: another person signing in on this tab never sees these. */
export function useCraftKey() {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useMemo(() => [...CRAFT_KEY, userId] as const, [userId]);
}

export function useCraftList(library: CraftLibrary, view: CraftView) {
  const key = useCraftKey();
  const query = listQueryOf(library, view);
  return useQuery({
    queryKey: [...key, 'list', query],
    queryFn: () => listCrafts(query),
    // the old page stays on screen (greyed by the table's spinner) while the next loads
    placeholderData: keepPreviousData,
  });
}

export function useCraftFacets(library: CraftLibrary) {
  const key = useCraftKey();
  return useQuery({
    queryKey: [...key, 'facets', library],
    queryFn: () => fetchCraftFacets(library),
    staleTime: 30_000,
  });
}

export function useCraft(id: string | undefined) {
  const key = useCraftKey();
  return useQuery({
    queryKey: [...key, 'item', id],
    queryFn: () => fetchCraft(id!),
    enabled: !!id,
    retry: false,
  });
}

export function useCraftRevisions(id: string | undefined) {
  const key = useCraftKey();
  return useQuery({
    queryKey: [...key, 'revisions', id],
    queryFn: () => fetchCraftRevisions(id!),
    enabled: !!id,
    retry: false,
  });
}

export function useRefreshCrafts() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: CRAFT_KEY }), [client]);
}
