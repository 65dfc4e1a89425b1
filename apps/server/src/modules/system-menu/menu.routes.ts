import { errorEnvelope, MENU_PERMISSIONS, messages, ROLE_PERMISSIONS, SYSTEM_PATHS } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../http/envelope.js';
import {
  idParams,
  menuArrayResponse,
  menuBody,
  menuListQuery,
  menuResponse,
  menuTreeResponse,
  menuUpdateBody,
} from './menu.schema.js';
import type { MenuService } from './menu.service.js';

const tags = ['system'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/** The menu tree (RuoYi's /system/menu), under /cloud-api. */
export const menuRoutes: FastifyPluginAsyncZod<{ menus: MenuService }> = async (app, { menus }) => {
  app.get(
    SYSTEM_PATHS.menus,
    {
      config: { permission: MENU_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'Every menu entry as a flat list in order, by title (either language) and visibility',
        querystring: menuListQuery,
        response: { 200: menuArrayResponse, ...errors },
      },
    },
    async (request) => {
      const { title, visible } = request.query;
      return ok(request, await menus.list({ title, visible: visible === undefined ? undefined : visible === 'true' }));
    },
  );

  app.get(
    SYSTEM_PATHS.menuTree,
    {
      // the role dialog picks permissions from it; the menu screen's parent picker too
      config: { permission: [ROLE_PERMISSIONS.query, MENU_PERMISSIONS.list] },
      schema: {
        tags,
        summary: 'The tree of directories, pages and buttons with their permissions, to pick a role’s grants from',
        response: { 200: menuTreeResponse, ...errors },
      },
    },
    async (request) => ok(request, await menus.tree()),
  );

  app.get(
    SYSTEM_PATHS.menuById,
    {
      config: { permission: MENU_PERMISSIONS.list },
      schema: { tags, summary: 'One menu entry', params: idParams, response: { 200: menuResponse, ...errors } },
    },
    async (request) => ok(request, await menus.get(request.params.id)),
  );

  app.post(
    SYSTEM_PATHS.menu,
    {
      config: { permission: MENU_PERMISSIONS.add },
      schema: {
        tags,
        summary: 'Add a directory, page or button',
        body: menuBody,
        response: { 200: menuResponse, ...errors },
      },
    },
    async (request) => done(request, messages.created, await menus.add(request.body)),
  );

  app.put(
    SYSTEM_PATHS.menu,
    {
      config: { permission: MENU_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Change a menu entry (a built-in one: titles, icon, order and visibility only)',
        body: menuUpdateBody,
        response: { 200: menuResponse, ...errors },
      },
    },
    async (request) => {
      const { id, ...values } = request.body;
      return done(request, messages.updated, await menus.change(id, values));
    },
  );

  app.delete(
    SYSTEM_PATHS.menuById,
    {
      config: { permission: MENU_PERMISSIONS.remove },
      schema: {
        tags,
        summary: 'Delete a menu entry that is not built in and has nothing under it',
        params: idParams,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await menus.remove(request.params.id);
      return done(request, messages.deleted);
    },
  );
};
