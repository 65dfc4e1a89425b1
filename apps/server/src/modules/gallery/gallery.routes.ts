import { errorEnvelope, GALLERY_PATHS, GALLERY_PERMISSIONS, galleryMessages } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../http/envelope.js';
import { callerOf } from '../auth/auth.plugin.js';
import {
  cardListResponse,
  cardPageResponse,
  countResponse,
  facetsResponse,
  idParams,
  mineQuery,
  pageQuery,
  picksBody,
  recommendedQuery,
  shopQuery,
} from './gallery.schema.js';
import type { GalleryService } from './gallery.service.js';

const tags = ['gallery'];
const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const VIEW = { permission: GALLERY_PERMISSIONS.view } as const;
const REACT = { permission: GALLERY_PERMISSIONS.react } as const;

/** The drawing library (contract: packages/contract/src/gallery.ts), under /cloud-api. */
export const galleryRoutes: FastifyPluginAsyncZod<{ gallery: GalleryService }> = async (app, { gallery }) => {
  app.get(
    GALLERY_PATHS.mine,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'My objects as cards, newest change first',
        querystring: mineQuery,
        response: { 200: cardPageResponse },
      },
    },
    async (request) => {
      const { keyword, state, page, limit } = request.query;
      return ok(request, await gallery.mine(callerOf(request).userId, { keyword, state }, { page, limit }));
    },
  );

  app.get(
    GALLERY_PATHS.shop,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'Listed objects of everyone: search (any part of the words), filters, sort',
        querystring: shopQuery,
        response: { 200: cardPageResponse, ...errors },
      },
    },
    async (request) => {
      const { sort, page, limit, ...filter } = request.query;
      return ok(request, await gallery.shop(callerOf(request).userId, filter, sort, { page, limit }));
    },
  );

  app.get(
    GALLERY_PATHS.recommended,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'Administrators’ picks in their order, then the most popular (other people’s likes and downloads)',
        querystring: recommendedQuery,
        response: { 200: cardListResponse },
      },
    },
    async (request) => ok(request, await gallery.recommended(callerOf(request).userId, request.query.limit)),
  );

  app.put(
    GALLERY_PATHS.recommended,
    {
      config: { permission: GALLERY_PERMISSIONS.curate },
      schema: {
        tags,
        summary: 'Set the picks of the recommended page, in order (administrators)',
        body: picksBody,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await gallery.setPicks(callerOf(request).userId, request.body.ids);
      return done(request, galleryMessages.picksSaved);
    },
  );

  for (const [path, kind] of [
    [GALLERY_PATHS.like, 'like'],
    [GALLERY_PATHS.favourite, 'favourite'],
  ] as const) {
    for (const on of [true, false]) {
      const route = {
        config: { ...REACT, duplicateSubmit: false },
        schema: {
          tags,
          summary: `${on ? 'Add' : 'Remove'} my ${kind} of an object I can see; answers its count`,
          params: idParams,
          response: { 200: countResponse, ...errors },
        },
      };
      const handler = async (request: { params: { id: string } } & Parameters<typeof callerOf>[0]) => {
        const count = await gallery.react(kind, callerOf(request).userId, request.params.id, on);
        return on
          ? done(request, kind === 'like' ? galleryMessages.liked : galleryMessages.favourited, count)
          : ok(request, count);
      };
      if (on) app.post(path, route, handler);
      else app.delete(path, route, handler);
    }
  }

  app.get(
    GALLERY_PATHS.favourites,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'What I marked as favourite',
        querystring: pageQuery,
        response: { 200: cardPageResponse },
      },
    },
    async (request) => ok(request, await gallery.favourites(callerOf(request).userId, request.query)),
  );

  app.get(
    GALLERY_PATHS.facets,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'The formats, materials, machines and tags the shop has now',
        response: { 200: facetsResponse },
      },
    },
    async (request) => ok(request, await gallery.facets()),
  );
};
