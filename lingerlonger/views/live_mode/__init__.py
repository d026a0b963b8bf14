"""Live mode: the package running in the reader's browser (Pyodide, in a Web Worker).

``endpoints``: the calls the page may make, each taking and returning JSON; ``position_editor``:
the book's position editor. It imports the layers below the views and the views' HTML.
"""
