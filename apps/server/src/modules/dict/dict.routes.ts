import { DICT_PATHS, DICT_PERMISSIONS, errorEnvelope, messages } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../http/envelope.js';
import {
  dataArrayResponse,
  dataBody,
  dataListQuery,
  dataPageResponse,
  dataResponse,
  dataUpdateBody,
  idParams,
  typeBody,
  typeListQuery,
  typePageResponse,
  typeQuery,
  typeResponse,
  typeUpdateBody,
} from './dict.schema.js';
import type { DictService } from './dict.service.js';

const tags = ['system'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** Dictionaries (contract: packages/contract/src/dict.ts), under /cloud-api. */
export const dictRoutes: FastifyPluginAsyncZod<{ dicts: DictService }> = async (app, { dicts }) => {
  app.get(
    DICT_PATHS.dataByType,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'The enabled entries of one dictionary, in order (any signed-in user)',
        querystring: typeQuery,
        response: { 200: dataArrayResponse, 401: errorEnvelope },
      },
    },
    async (request) => ok(request, await dicts.byType(request.query.type)),
  );

  app.get(
    DICT_PATHS.dataList,
    {
      config: { permission: DICT_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'Dictionary entries, by dictionary, label and status',
        querystring: dataListQuery,
        response: { 200: dataPageResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return ok(request, await dicts.listData(filter, { page, limit }));
    },
  );

  app.get(
    DICT_PATHS.dataById,
    {
      config: { permission: DICT_PERMISSIONS.query },
      schema: { tags, summary: 'One dictionary entry', params: idParams, response: { 200: dataResponse, ...errors } },
    },
    async (request) => ok(request, await dicts.data(request.params.id)),
  );

  app.post(
    DICT_PATHS.data,
    {
      config: { permission: DICT_PERMISSIONS.add },
      schema: {
        tags,
        summary: 'Add an entry to a dictionary',
        body: dataBody,
        response: { 200: dataResponse, ...errors },
      },
    },
    async (request) => done(request, messages.created, await dicts.addData(request.body)),
  );

  app.put(
    DICT_PATHS.data,
    {
      config: { permission: DICT_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Change a dictionary entry',
        body: dataUpdateBody,
        response: { 200: dataResponse, ...errors },
      },
    },
    async (request) => {
      const { id, ...values } = request.body;
      return done(request, messages.updated, await dicts.changeData(id, values));
    },
  );

  app.delete(
    DICT_PATHS.dataById,
    {
      config: { permission: DICT_PERMISSIONS.remove },
      schema: {
        tags,
        summary: 'Delete a dictionary entry',
        params: idParams,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await dicts.removeData(request.params.id);
      return done(request, messages.deleted);
    },
  );

  app.get(
    DICT_PATHS.typeList,
    {
      config: { permission: DICT_PERMISSIONS.list },
      schema: {
        tags,
        summary: 'Dictionaries, by name or type and status',
        querystring: typeListQuery,
        response: { 200: typePageResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return ok(request, await dicts.listTypes(filter, { page, limit }));
    },
  );

  app.post(
    DICT_PATHS.type,
    {
      config: { permission: DICT_PERMISSIONS.add },
      schema: { tags, summary: 'Add a dictionary', body: typeBody, response: { 200: typeResponse, ...errors } },
    },
    async (request) => done(request, messages.created, await dicts.addType(request.body)),
  );

  app.put(
    DICT_PATHS.type,
    {
      config: { permission: DICT_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Change a dictionary (a new type moves its entries along)',
        body: typeUpdateBody,
        response: { 200: typeResponse, ...errors },
      },
    },
    async (request) => {
      const { id, ...values } = request.body;
      return done(request, messages.updated, await dicts.changeType(id, values));
    },
  );

  app.delete(
    DICT_PATHS.typeById,
    {
      config: { permission: DICT_PERMISSIONS.remove },
      schema: {
        tags,
        summary: 'Delete a dictionary that is not built in and has no entries',
        params: idParams,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await dicts.removeType(request.params.id);
      return done(request, messages.deleted);
    },
  );
};
