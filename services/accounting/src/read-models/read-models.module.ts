import { Global, Module } from '@nestjs/common';
import { ReadModelsRepository } from './read-models.repository';

@Global()
@Module({ providers: [ReadModelsRepository], exports: [ReadModelsRepository] })
export class ReadModelsModule {}
