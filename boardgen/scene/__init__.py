"""Scene: one backend-neutral picture between the render layer and the backends.

:mod:`.shapes` holds the model (shapes and text in millimetres, grouped into layers and
pages). The render layer makes scenes; the backends paint them and know nothing else.
"""
