"""Placeholder until its generator lands."""


def generate(spec):
    return {}
